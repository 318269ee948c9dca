import { TZDate } from "@date-fns/tz";
import {
  addMonths,
  differenceInCalendarDays,
  endOfMonth,
  format,
  parseISO,
  startOfMonth,
  startOfQuarter,
  startOfYear,
} from "date-fns";
import { isDateOnly, resolveRange, type RangeParams } from "../contract/dateRange";
import { addCalendarDays, isoDateInZone, isoInZone } from "../format/date";
import type { RangeChoice } from "./useView";

/** Months a YYYY-MM-DD span covers when it runs from a month's first day to a month's last, else null. */
function wholeMonths(start: string, end: string): number | null {
  const first = parseISO(start);
  const last = parseISO(end);
  if (first.getDate() !== 1 || format(endOfMonth(last), "yyyy-MM-dd") !== end) return null;
  return (last.getFullYear() - first.getFullYear()) * 12 + last.getMonth() - first.getMonth() + 1;
}

const PERIOD_START = { mtd: startOfMonth, qtd: startOfQuarter, ytd: startOfYear } as const;
const PERIOD_MONTHS = { mtd: 1, qtd: 3, ytd: 12 } as const;

/**
 * The range one period before (`-1`) or after (`1`) the view's, as the ←/→ keys move it: whole
 * days by their number of days (whole months by months), "month/quarter/year to date" to the whole
 * period before, a range of hours by its length. Null when it cannot move: all time, a range the URL
 * gets wrong, or forward past now.
 */
export function shiftRange(range: RangeParams, direction: -1 | 1, now: Date): RangeChoice | null {
  const zone = range.timezone;
  const today = isoDateInZone(now, zone);
  if (!range.start && range.interval === "all") return null;
  const dates = (start: string, end: string): RangeChoice | null => (start > today ? null : { start, end });

  if (range.start && range.end && isDateOnly(range.start) && isDateOnly(range.end)) {
    const months = wholeMonths(range.start, range.end);
    if (months !== null) {
      const start = format(addMonths(parseISO(range.start), direction * months), "yyyy-MM-dd");
      return dates(start, format(endOfMonth(addMonths(parseISO(range.end), direction * months)), "yyyy-MM-dd"));
    }
    const days = differenceInCalendarDays(parseISO(range.end), parseISO(range.start)) + 1;
    return dates(addCalendarDays(range.start, direction * days), addCalendarDays(range.end, direction * days));
  }

  const interval = range.interval;
  if (!range.start && !range.end && (interval === "mtd" || interval === "qtd" || interval === "ytd")) {
    if (direction === 1) return null;
    const first = PERIOD_START[interval](new TZDate(now, zone));
    const start = addMonths(first, -PERIOD_MONTHS[interval]);
    return { start: format(start, "yyyy-MM-dd"), end: addCalendarDays(format(first, "yyyy-MM-dd"), -1) };
  }

  let resolved;
  try {
    resolved = resolveRange(range, now);
  } catch {
    return null;
  }
  const length = Math.round((resolved.end.getTime() - resolved.start.getTime()) / 1000) * 1000;
  const start = new Date(resolved.start.getTime() + direction * length);
  if (start.getTime() >= now.getTime()) return null;
  return { start: isoInZone(start, zone), end: isoInZone(new Date(start.getTime() + length - 1), zone) };
}
