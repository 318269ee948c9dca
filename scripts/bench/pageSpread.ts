// The page step takes several visits per cell (issue 20: one visit varies by ±300 ms on this
// machine): each figure is printed as the median of the visits with their min–max range.

/** Median, min and max of the figures seen; null when no visit saw one. `seen` of `of` visits had it. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  seen: number;
  of: number;
}

/** The middle value (the mean of the two middle ones for an even count), rounded to a ms. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
}

export function spread(values: readonly (number | null | undefined)[]): Spread | null {
  const seen = values.filter((v): v is number => typeof v === "number");
  const mid = median(seen);
  if (mid === null) return null;
  return { median: mid, min: Math.min(...seen), max: Math.max(...seen), seen: seen.length, of: values.length };
}

/** "420 (380–610)"; "420" for one visit or when all agree; "—" for none; "(2 of 3)" when some never saw it. */
export function describeSpread(s: Spread | null): string {
  if (s === null) return "—";
  const range = s.min === s.max ? "" : ` (${s.min}–${s.max})`;
  const missing = s.seen < s.of ? ` (${s.seen} of ${s.of})` : "";
  return `${s.median}${range}${missing}`;
}

/** Request counts per visit: "4" when every visit made as many, "4/5/4 (differ)" when not. */
export function describeCounts(counts: readonly number[]): string {
  if (counts.length === 0) return "—";
  return counts.every((c) => c === counts[0]) ? String(counts[0]) : `${counts.join("/")} (differ)`;
}
