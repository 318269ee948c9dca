import { describe, expect, it } from "vitest";
import { continentName } from "./continent";
import { countryName, flagEmoji, formatCountry } from "./country";

describe("countries", () => {
  it("names a code and draws its flag", () => {
    expect(countryName("US")).toBe("United States");
    expect(countryName("de")).toBe("Germany");
    expect(flagEmoji("US")).toBe("🇺🇸");
    expect(flagEmoji("jp")).toBe("🇯🇵");
    expect(formatCountry("US")).toBe("🇺🇸 United States");
  });

  it("leaves what is not a known code alone", () => {
    expect(flagEmoji("USA")).toBe("");
    expect(countryName("USA")).toBe("USA");
    expect(formatCountry("XX")).toBe("XX");
    expect(formatCountry("ZZ")).toBe("ZZ");
    expect(formatCountry("")).toBe("");
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
