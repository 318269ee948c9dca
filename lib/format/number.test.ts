import { describe, expect, it } from "vitest";
import { formatCompact, formatNumber, formatPercent } from "./number";

describe("numbers", () => {
  it("groups thousands", () => expect(formatNumber(1234567)).toBe("1,234,567"));
  it("compacts large counts", () => {
    expect(formatCompact(999)).toBe("999");
    expect(formatCompact(1234)).toBe("1.2K");
    expect(formatCompact(2_500_000)).toBe("2.5M");
  });
  it("formats ratios as percentages", () => expect(formatPercent(0.1234)).toBe("12.3%"));
});
