import { TZDate } from "@date-fns/tz";
import { addDays, format, isSameDay, isSameYear, parseISO, startOfDay } from "date-fns";
import type { DateRange } from "../contract/dateRange";

/**
 * Dates and times as people read them, in the view's zone. date-fns formats the wall clock of a
 * TZDate in its own zone with one fixed (English) locale, so the server render and the
 * browser's hydration agree whatever either one's settings.
 */

const inZone = (date: Date, timeZone: string) => new TZDate(date.getTime(), timeZone);

/** The calendar date of an instant in a zone, as YYYY-MM-DD. */
export function isoDateInZone(date: Date, timeZone: string): string {
  return format(inZone(date, timeZone), "yyyy-MM-dd");
}

/** YYYY-MM-DD shifted by whole calendar days (no zone involved: pure date arithmetic). */
export function addCalendarDays(isoDate: string, days: number): string {
  return format(addDays(parseISO(isoDate), days), "yyyy-MM-dd");
}

function isMidnight(date: Date, timeZone: string): boolean {
  const local = inZone(date, timeZone);
  return startOfDay(local).getTime() === local.getTime();
}

/** "Nov 21, 03:00" ("Nov 21, 2025, 03:00:59" with the year and seconds asked for). */
export function formatDateTime(
  date: Date,
  timeZone: string,
  options: { year?: boolean; seconds?: boolean } = {},
): string {
  return format(inZone(date, timeZone), `MMM d${options.year ? ", yyyy" : ""}, HH:mm${options.seconds ? ":ss" : ""}`);
}

/** An instant as ISO 8601 in the zone, with its offset: `2026-11-20T14:03:59.000+01:00` (`Z` in UTC). */
export function isoInZone(date: Date, timeZone: string): string {
  return format(inZone(date, timeZone), "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
}

/** "14:03:59", on a 24-hour clock in the zone. */
export function formatTime(date: Date, timeZone: string): string {
  return format(inZone(date, timeZone), "HH:mm:ss");
}

/** A file name saying the days a range covers in its zone: `linklens-partners-2026-10-24-to-2026-11-23.csv`. */
export function rangeFileName(stem: string, range: DateRange, timeZone: string): string {
  return `${stem}-${isoDateInZone(range.start, timeZone)}-to-${isoDateInZone(new Date(range.end.getTime() - 1), timeZone)}.csv`;
}

/** "Nov 21" or "Nov 21, 2025". */
export function formatDay(date: Date, timeZone: string, options: { year?: boolean } = {}): string {
  return format(inZone(date, timeZone), options.year ? "MMM d, yyyy" : "MMM d");
}

/**
 * A resolved range (end exclusive) for people: whole days as dates ("Nov 1 – Nov 7"),
 * anything else with times ("Nov 21, 03:00 – Nov 22, 03:00"). The year shows when the range
 * leaves the reference year.
 */
export function formatRange(range: DateRange, timeZone: string, reference: Date = range.end): string {
  const start = inZone(range.start, timeZone);
  const last = inZone(new Date(range.end.getTime() - 1), timeZone);
  const ref = inZone(reference, timeZone);
  const year = !isSameYear(start, ref) || !isSameYear(last, ref);
  if (isMidnight(range.start, timeZone) && isMidnight(range.end, timeZone)) {
    if (isSameDay(start, last)) return formatDay(last, timeZone, { year });
    return `${formatDay(start, timeZone, { year: year && !isSameYear(start, last) })} – ${formatDay(last, timeZone, { year })}`;
  }
  return `${formatDateTime(range.start, timeZone, { year })} – ${formatDateTime(range.end, timeZone, { year })}`;
}

/** The range followed by its zone: "Nov 21, 03:00 – Nov 22, 03:00 (Europe/Berlin)". */
export function formatRangeInZone(range: DateRange, timeZone: string, reference?: Date): string {
  return `${formatRange(range, timeZone, reference)} (${timeZone})`;
}
