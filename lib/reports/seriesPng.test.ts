import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { seriesPng } from "./seriesPng";

const BLUE = [37, 99, 235];
const pixel = (png: PNG, x: number, y: number) => [
  ...png.data.subarray((png.width * y + x) << 2, ((png.width * y + x) << 2) + 3),
];
const lineRow = (png: PNG, x: number) => {
  for (let y = 0; y < png.height; y++) if (pixel(png, x, y).join() === BLUE.join()) return y;
  return -1;
};

describe("seriesPng", () => {
  it("is a valid PNG of the asked size whose line rises where the series rises", () => {
    const png = PNG.sync.read(seriesPng([0, 5, 10], { width: 100, height: 50 }));
    expect([png.width, png.height]).toEqual([100, 50]);
    const left = lineRow(png, 8);
    const middle = lineRow(png, 50);
    const right = lineRow(png, 91);
    // Screen y grows downwards: 0 at the bottom, 10 (the maximum) at the top.
    expect(left).toBeGreaterThan(middle);
    expect(middle).toBeGreaterThan(right);
    expect(right).toBe(8);
  });

  it("draws an empty series as a flat line, not a crash", () => {
    const png = PNG.sync.read(seriesPng([]));
    expect(png.width).toBe(600);
    expect(lineRow(PNG.sync.read(seriesPng([0, 0])), 300)).toBe(172);
  });
});
