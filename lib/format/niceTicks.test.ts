import { describe, expect, it } from "vitest";
import { niceTicks } from "./niceTicks";

describe("niceTicks", () => {
  it("steps money in whole, readable amounts: $500 / $1K / $1.5K, not $550 / $1.1K / $1.7K", () => {
    expect(niceTicks(165_000, { unit: 100 })).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(niceTicks(1_234, { unit: 100 })).toEqual([0, 500, 1_000, 1_500]);
  });

  it("steps counts by 1, 2, 2.5 or 5 times a power of ten, never by a fraction", () => {
    expect(niceTicks(2_259)).toEqual([0, 1_000, 2_000, 3_000]);
    expect(niceTicks(87)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1)).toEqual([0, 1]);
  });

  it("tops out at or above the largest value", () => {
    for (const max of [7, 99, 100, 101, 4_999, 12_345, 1e6]) {
      const ticks = niceTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("an empty series still has an axis", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(0, { unit: 100 })).toEqual([0, 100]);
  });
});
