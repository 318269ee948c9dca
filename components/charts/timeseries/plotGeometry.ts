/** The time series' drawing square: paths are drawn in it and stretched to the plot's box. */
export const PLOT_SIZE = 1000;

/** At most this many labels under the chart (every other one on a narrow screen). */
const MAX_AXIS_LABELS = 8;

/** Where bucket `i` of `count` is drawn across: the first at the left edge, the last at the right (one alone in the middle). */
export function plotX(i: number, count: number): number {
  return count <= 1 ? PLOT_SIZE / 2 : (i / (count - 1)) * PLOT_SIZE;
}

/** Where `value` is drawn down, on an axis from 0 (the bottom) to `top`. */
export function plotY(value: number, top: number): number {
  return top > 0 ? PLOT_SIZE - (Math.max(0, value) / top) * PLOT_SIZE : PLOT_SIZE;
}

/**
 * An SVG path through the values, broken where one is null (no value there: nothing is drawn
 * between its neighbours); a lone value between gaps is a point, drawn by its dot. Null when
 * there is nothing to draw.
 */
export function linePath(
  values: readonly (number | null)[],
  x: (i: number) => number,
  y: (value: number) => number,
): string | null {
  let path = "";
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? "L" : "M"}${round(x(i))},${round(y(value))}`;
    drawing = true;
  });
  return path === "" ? null : path;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The buckets labelled under the chart: evenly spaced, the first always, at most MAX_AXIS_LABELS. */
export function axisTickIndexes(count: number): number[] {
  if (count === 0) return [];
  const step = Math.ceil(count / MAX_AXIS_LABELS);
  return Array.from({ length: Math.ceil(count / step) }, (_, n) => n * step);
}
