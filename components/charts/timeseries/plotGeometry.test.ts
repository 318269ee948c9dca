import { describe, expect, it } from "vitest";
import { axisTickIndexes, linePath, plotX, plotY, PLOT_SIZE } from "./plotGeometry";

describe("the time series' geometry", () => {
  it("spreads the buckets from edge to edge, a lone one in the middle", () => {
    expect([0, 1, 2].map((i) => plotX(i, 3))).toEqual([0, PLOT_SIZE / 2, PLOT_SIZE]);
    expect(plotX(0, 1)).toBe(PLOT_SIZE / 2);
  });

  it("draws 0 at the bottom and the top tick at the top; an empty axis flat at the bottom", () => {
    expect(plotY(0, 40)).toBe(PLOT_SIZE);
    expect(plotY(40, 40)).toBe(0);
    expect(plotY(10, 40)).toBe(750);
    expect(plotY(0, 0)).toBe(PLOT_SIZE);
  });

  it("breaks the line where a bucket has no value, and draws nothing for none", () => {
    const x = (i: number) => i * 10;
    const y = (v: number) => 100 - v;
    expect(linePath([1, 2, null, 4, 5], x, y)).toBe("M0,99L10,98M30,96L40,95");
    expect(linePath([null, null], x, y)).toBeNull();
  });

  it("labels at most 8 buckets, evenly, starting with the first", () => {
    expect(axisTickIndexes(0)).toEqual([]);
    expect(axisTickIndexes(5)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTickIndexes(30)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(axisTickIndexes(24).length).toBeLessThanOrEqual(8);
  });
});
