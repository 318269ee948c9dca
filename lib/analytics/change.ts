import { numberFormat } from "../format/intl";

/** Relative change from `previous` to `current`; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

/** Difference of two rates in percentage points (0.12 → 0.15 is +3). */
export function pointChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  return (current - previous) * 100;
}

export type ChangeDisplay =
  | { kind: "up" | "down" | "flat"; text: string }
  /** Previous was zero and current is not: a percentage would be infinite. */
  | { kind: "new"; text: "new" }
  /** The previous period had too little to compare with: a rise of thousands of percent says nothing. */
  | { kind: "small"; text: "few before" }
  /** Nothing to compare (both zero, or no previous period). */
  | { kind: "none"; text: "—" };

/** Beyond ten times the previous value (+900%), the previous period is too small to compare with. */
export const MAX_COMPARABLE_RATIO = 10;

const percent = numberFormat({ style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" });
const points = numberFormat({ maximumFractionDigits: 1, signDisplay: "exceptZero" });

function direction(delta: number): "up" | "down" | "flat" {
  if (Math.abs(delta) < 1e-9) return "flat";
  return delta > 0 ? "up" : "down";
}

export function describeChange(current: number, previous: number | null): ChangeDisplay {
  if (previous === null) return { kind: "none", text: "—" };
  const ratio = percentChange(current, previous);
  if (ratio === null) return current === 0 ? { kind: "none", text: "—" } : { kind: "new", text: "new" };
  if (ratio + 1 > MAX_COMPARABLE_RATIO) return { kind: "small", text: "few before" };
  // Round before choosing the arrow so "+0%" never shows as a rise.
  const rounded = Math.round(ratio * 1000) / 1000;
  return { kind: direction(rounded), text: percent.format(rounded) };
}

export function describePointChange(current: number | null, previous: number | null): ChangeDisplay {
  const delta = pointChange(current, previous);
  if (delta === null) return { kind: "none", text: "—" };
  const rounded = Math.round(delta * 10) / 10;
  return { kind: direction(rounded), text: `${points.format(rounded)} pp` };
}
