import type { Granularity } from "../contract/analytics";
import type { DateRange } from "../contract/dateRange";
import { defaultGranularity, sensibleGranularities } from "../contract/granularity";
import { rangeLength } from "./period";

export const GRANULARITY_LABELS: Record<Granularity, string> = {
  hour: "Hourly",
  day: "Daily",
  week: "Weekly",
  month: "Monthly",
};

const APPROX: Record<Granularity, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};
const ORDER: readonly Granularity[] = ["hour", "day", "week", "month"];

/**
 * The bucket sizes to offer: the contract's sensible ones that give at least two whole
 * buckets (24h plus the inclusive millisecond is not "two days"), and always the default.
 */
export function granularityOptions(range: DateRange): Granularity[] {
  const span = rangeLength(range);
  const fallback = defaultGranularity(range);
  const sensible = sensibleGranularities(range).filter((g) => Math.floor(span / APPROX[g]) >= 2);
  return ORDER.filter((g) => g === fallback || sensible.includes(g));
}

/**
 * The bucket size to draw: the user's choice when it suits the range, else the platform's
 * default. A choice left in a shared URL after the range changed must not ask for 20,000 buckets.
 */
export function effectiveGranularity(range: DateRange, chosen: Granularity | null | undefined): Granularity {
  if (chosen && granularityOptions(range).includes(chosen)) return chosen;
  return defaultGranularity(range);
}
