import type { DateRange } from "./dateRange";
import type { Granularity } from "./analytics";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The platform's default bucket size: hour up to 2 days, day up to ~6 months, month beyond. */
export function defaultGranularity(range: DateRange): Granularity {
  const span = range.end.getTime() - range.start.getTime();
  if (span <= 2 * DAY + HOUR) return "hour";
  if (span <= 190 * DAY) return "day";
  return "month";
}

/** Bucket sizes worth offering for a range: never more than ~750 buckets, never a single bucket. */
export function sensibleGranularities(range: DateRange): Granularity[] {
  const span = range.end.getTime() - range.start.getTime();
  const approx: Record<Granularity, number> = { hour: HOUR, day: DAY, week: 7 * DAY, month: 30 * DAY };
  return (Object.keys(approx) as Granularity[]).filter((g) => span / approx[g] <= 750 && span / approx[g] > 1);
}

export const MAX_BUCKETS = 5000;
