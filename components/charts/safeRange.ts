import { resolveRange, type DateRange, type RangeParams } from "@/lib/contract/dateRange";

/** The view's range at `now`, or null when the URL's bounds are inconsistent (start after end). */
export function safeRange(params: RangeParams, now: Date): DateRange | null {
  try {
    return resolveRange(params, now);
  } catch {
    return null;
  }
}
