import { describe, expect, it } from "vitest";
import { minorDigits, toMajorUnits } from "./money";

describe("money in major units", () => {
  it.each([
    [4900, "usd", "49.00"],
    [4999, "eur", "49.99"],
    [5, "gbp", "0.05"],
    [0, "usd", "0.00"],
    [123456789, "usd", "1234567.89"],
    [4900, "jpy", "4900"],
    [1, "krw", "1"],
    [12345, "kwd", "12.345"],
    [-250, "usd", "-2.50"],
    [4900, "USD", "49.00"],
    [4900, "xts", "49.00"],
  ])("%i %s → %s", (amount, currency, expected) => {
    expect(toMajorUnits(amount, currency)).toBe(expected);
  });

  it("knows minor units from the runtime", () => {
    expect([minorDigits("usd"), minorDigits("jpy"), minorDigits("bhd"), minorDigits("not-a-code")]).toEqual([2, 0, 3, 2]);
  });

  it("never prints floating-point noise", () => {
    expect(toMajorUnits(1999999999999, "usd")).toBe("19999999999.99");
    expect(toMajorUnits(NaN, "usd")).toBe("");
  });
});
