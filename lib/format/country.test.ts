import { describe, expect, it } from "vitest";
import { continentName } from "./continent";
import { countryName, flagCode } from "./country";

describe("countries", () => {
  it("names a code and knows its flag", () => {
    expect(countryName("US")).toBe("United States");
    expect(countryName("de")).toBe("Germany");
    expect(flagCode("US")).toBe("us");
    expect(flagCode("jp")).toBe("jp");
  });

  it("leaves what is not a known code alone, without a flag", () => {
    expect(countryName("USA")).toBe("USA");
    expect(countryName("XX")).toBe("XX");
    expect([flagCode("USA"), flagCode("XX"), flagCode(""), flagCode(null), flagCode("../")]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("continents", () => {
  it("names the seven codes of the API", () => {
    expect(["AF", "AN", "AS", "EU", "NA", "OC", "SA"].map(continentName)).toEqual([
      "Africa",
      "Antarctica",
      "Asia",
      "Europe",
      "North America",
      "Oceania",
      "South America",
    ]);
    expect(continentName("XX")).toBe("XX");
  });
});
