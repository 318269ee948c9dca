import { describe, expect, it } from "vitest";
import { formatMoney, majorUnitsText, minorUnitDigits, toMajorUnits } from "./money";

describe("money in minor units", () => {
  it("knows each currency's minor unit", () => {
    expect(minorUnitDigits("usd")).toBe(2);
    expect(minorUnitDigits("jpy")).toBe(0);
    expect(minorUnitDigits("kwd")).toBe(3);
    expect(minorUnitDigits("bhd")).toBe(3);
    expect(minorUnitDigits("krw")).toBe(0);
    expect(minorUnitDigits("USD")).toBe(2);
    expect(minorUnitDigits("not-a-code")).toBe(2);
  });

  it("converts cents to major units", () => {
    expect(toMajorUnits(4900, "usd")).toBe(49);
    expect(toMajorUnits(4900, "jpy")).toBe(4900);
    expect(toMajorUnits(1500, "kwd")).toBe(1.5);
  });

  it.each([
    [4900, "usd", "49.00"],
    [5, "gbp", "0.05"],
    [0, "usd", "0.00"],
    [-250, "usd", "-2.50"],
    [-0, "usd", "0.00"],
    [4900, "jpy", "4900"],
    [12345, "kwd", "12.345"],
    [4900, "USD", "49.00"],
    [4900, "xts", "49.00"],
  ])("writes %i %s as %s in major units", (amount, currency, expected) => {
    expect(majorUnitsText(amount, currency)).toBe(expected);
  });

  it("writes major units exactly where float division would not", () => {
    expect(majorUnitsText(1999999999999, "usd")).toBe("19999999999.99");
    expect(majorUnitsText(Number.MAX_SAFE_INTEGER, "usd")).toBe("90071992547409.91");
    expect(majorUnitsText(29, "usd")).toBe("0.29");
    expect(majorUnitsText(NaN, "usd")).toBe("");
    expect(majorUnitsText(Infinity, "usd")).toBe("");
  });

  it("formats in the currency", () => {
    expect(formatMoney(4900, "usd")).toBe("$49.00");
    expect(formatMoney(123456, "eur")).toBe("€1,234.56");
    expect(formatMoney(4900, "jpy")).toBe("¥4,900");
    expect(formatMoney(0, "usd")).toBe("$0.00");
    expect(formatMoney(-250, "usd")).toBe("-$2.50");
    expect(formatMoney(123_456_789, "usd", { compact: true })).toBe("$1.2M");
  });

  it("does not crash on a currency code Intl refuses", () => {
    expect(formatMoney(4900, "us")).toBe("49 US");
  });
});
