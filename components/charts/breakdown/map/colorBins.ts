/**
 * The map's colour scale: countries with a value are put in at most five bins of a sequential
 * palette (light = little, dark = much); countries without one are drawn neutral. Country figures
 * are heavy-tailed (one country often holds half the clicks): equal ranges would paint all but a
 * few countries the lightest colour. So the bins are quantiles (each colour holds about as many
 * countries), each starting at a country's value rounded down to two significant digits, to read
 * well in the legend; fewer distinct values make fewer bins, never an empty one.
 */

/** The palette's steps, 1 (lightest) to PALETTE_STEPS (darkest): CSS variables --ll-map-<hue>-<step>. */
export const PALETTE_STEPS = 5;

export interface ColorBin {
  /** The smallest value in the bin (the first bin: the smallest value of all). */
  from: number;
  /** The next bin's `from` (values in the bin are below it); the largest value of all for the last bin. */
  to: number;
  /** True for the last bin: `to` is included. */
  last: boolean;
  /** Its palette step, 1..PALETTE_STEPS: few bins are spread over the palette, ending at its darkest. */
  step: number;
}

/** Two significant digits, rounded down: 1234 → 1200, 57 → 57, 0.129 → 0.12. */
export function roundDownNicely(value: number): number {
  if (value <= 0) return value;
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  const rounded = Math.floor(value / magnitude + 1e-9) * magnitude;
  // Undo the float noise of the power of ten (0.12000000000000001).
  return Number(rounded.toPrecision(2));
}

/** The bins for these values (zeros and negatives ignored); none when no value is positive. */
export function colorBins(values: readonly number[], binCount = PALETTE_STEPS): ColorBin[] {
  const sorted = values.filter((value) => value > 0 && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  const bounds = new Set<number>();
  // Bin i starts at the value of the country ranked i/binCount of the way up.
  for (let i = 1; i < binCount; i++) {
    const bound = roundDownNicely(sorted[Math.min(Math.ceil((sorted.length * i) / binCount), sorted.length - 1)]);
    if (bound > min) bounds.add(bound);
  }
  const starts = [min, ...[...bounds].sort((a, b) => a - b)];
  return starts.map((from, index) => {
    const last = index === starts.length - 1;
    return {
      from,
      to: last ? max : starts[index + 1],
      last,
      step: paletteStep(index, starts.length),
    };
  });
}

/** Bin `index` of `count`, spread over the palette so the top bin is always the darkest. */
function paletteStep(index: number, count: number): number {
  if (count === 1) return PALETTE_STEPS;
  return PALETTE_STEPS - Math.round(((count - 1 - index) * (PALETTE_STEPS - 1)) / (count - 1));
}

/** The bin a value falls in; null for no value (drawn neutral). */
export function binOf(bins: readonly ColorBin[], value: number | undefined): ColorBin | null {
  if (value === undefined || !(value > 0) || bins.length === 0) return null;
  let found = bins[0];
  for (const bin of bins) if (value >= bin.from) found = bin;
  return found;
}

/**
 * A bin's range as the legend says it. Whole counts: "10–49" (its last value is the next bin's
 * first minus one), "1,200–5,310"; amounts: "$10 to under $50", "$50 to $310".
 */
export function binLabel(bin: ColorBin, format: (value: number) => string, whole: boolean): string {
  const to = bin.last ? bin.to : whole ? bin.to - 1 : bin.to;
  if (to <= bin.from) return format(bin.from);
  if (whole) return `${format(bin.from)}–${format(to)}`;
  return bin.last ? `${format(bin.from)} to ${format(to)}` : `${format(bin.from)} to under ${format(to)}`;
}
