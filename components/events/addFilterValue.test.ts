import { describe, expect, it } from "vitest";
import { addFilterValue, filterActionLabel } from "./addFilterValue";

describe("addFilterValue", () => {
  it("starts a clause, then grows an include list", () => {
    const first = addFilterValue("country", undefined, "US");
    expect(first).toEqual({ exclude: false, values: ["US"] });
    expect(addFilterValue("country", first, "DE")).toEqual({ exclude: false, values: ["US", "DE"] });
    expect(addFilterValue("country", first, "US")).toBe(first);
  });

  it("replaces an exclusion and single-value filters", () => {
    expect(addFilterValue("device", { exclude: true, values: ["Mobile"] }, "Desktop")).toEqual({
      exclude: false,
      values: ["Desktop"],
    });
    expect(addFilterValue("customerId", { exclude: false, values: ["cus_1"] }, "cus_2")).toEqual({
      exclude: false,
      values: ["cus_2"],
    });
  });
});

describe("filterActionLabel", () => {
  it("reads as a sentence", () => {
    expect(filterActionLabel("country", "United States")).toBe("Filter by country United States");
    expect(filterActionLabel("os", "iOS")).toBe("Filter by OS iOS");
    expect(filterActionLabel("utm_source", "google")).toBe("Filter by UTM source google");
  });
});
