import { PNG } from "pngjs";

export interface SeriesImage {
  width: number;
  height: number;
}

const BACKGROUND = [255, 255, 255] as const;
const GRID = [229, 231, 235] as const;
const AREA = [219, 234, 254] as const;
const LINE = [37, 99, 235] as const;
const PAD = 8;

/**
 * A time series as a PNG (an area under a line, on four grid lines), drawn pixel by pixel with a
 * pure-JS encoder: no browser, font or native binary. The numbers themselves are in the report's
 * text; the image shows the shape. An empty or flat series draws a line along the bottom.
 */
export function seriesPng(
  values: readonly number[],
  { width, height }: SeriesImage = { width: 600, height: 180 },
): Buffer {
  const png = new PNG({ width, height });
  const paint = (x: number, y: number, color: readonly [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = (width * y + x) << 2;
    png.data[at] = color[0];
    png.data[at + 1] = color[1];
    png.data[at + 2] = color[2];
    png.data[at + 3] = 255;
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) paint(x, y, BACKGROUND);
  const plotHeight = height - 2 * PAD;
  for (let line = 0; line <= 4; line++) {
    const y = PAD + Math.round((plotHeight * line) / 4);
    for (let x = 0; x < width; x++) paint(x, y, GRID);
  }
  const max = Math.max(0, ...values);
  const yOf = (value: number) => PAD + plotHeight - (max === 0 ? 0 : Math.round((value / max) * plotHeight));
  const xOf = (index: number) =>
    values.length <= 1 ? Math.round(width / 2) : PAD + Math.round((index * (width - 2 * PAD)) / (values.length - 1));
  // The line's height at every column, interpolated between points.
  const tops = new Array<number | null>(width).fill(null);
  for (let i = 0; i < values.length; i++) {
    const x0 = xOf(i);
    const y0 = yOf(values[i]);
    const x1 = i + 1 < values.length ? xOf(i + 1) : x0;
    const y1 = i + 1 < values.length ? yOf(values[i + 1]) : y0;
    for (let x = x0; x <= x1; x++) tops[x] = x1 === x0 ? y0 : Math.round(y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
  }
  const bottom = PAD + plotHeight;
  for (let x = 0; x < width; x++) {
    const top = tops[x];
    if (top === null) continue;
    for (let y = top + 1; y < bottom; y++) paint(x, y, AREA);
    const previous = tops[x - 1] ?? top;
    // Joins steep steps so the line stays unbroken, two pixels thick.
    for (let y = Math.min(previous, top); y <= Math.max(previous, top); y++) {
      paint(x, y, LINE);
      paint(x, y + 1, LINE);
    }
  }
  return PNG.sync.write(png);
}
