import { describe, expect, it } from "vitest";
import { formatMoney, minorUnitDigits, toMajorUnits } from "./money";

describe("money in minor units", () => {
  it("knows each currency's minor unit", () => {
    expect(minorUnitDigits("usd")).toBe(2);
    expect(minorUnitDigits("jpy")).toBe(0);
    expect(minorUnitDigits("kwd")).toBe(3);
  });

  it("converts cents to major units", () => {
    expect(toMajorUnits(4900, "usd")).toBe(49);
    expect(toMajorUnits(4900, "jpy")).toBe(4900);
    expect(toMajorUnits(1500, "kwd")).toBe(1.5);
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
