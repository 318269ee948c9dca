import type { DateRange } from "../contract/dateRange";
import { dateTimeFormat } from "./intl";

const DAY_MS = 86_400_000;

function parts(date: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  const format = dateTimeFormat({ timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  for (const part of format.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** The calendar date of an instant in a zone, as YYYY-MM-DD. */
export function isoDateInZone(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** YYYY-MM-DD shifted by whole calendar days (no zone involved: pure date arithmetic). */
export function addCalendarDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

function isMidnight(date: Date, timeZone: string): boolean {
  const p = parts(date, timeZone);
  return p.hour === "00" && p.minute === "00" && p.second === "00" && date.getUTCMilliseconds() === 0;
}

/** "Nov 21, 2025, 03:00" (the year only when asked). */
export function formatDateTime(date: Date, timeZone: string, options: { year?: boolean; seconds?: boolean } = {}): string {
  return dateTimeFormat({
    timeZone,
    month: "short",
    day: "numeric",
    ...(options.year ? { year: "numeric" } : {}),
    hour: "2-digit",
    minute: "2-digit",
    ...(options.seconds ? { second: "2-digit" } : {}),
    hourCycle: "h23",
  }).format(date);
}

/** "Nov 21" or "Nov 21, 2025". */
export function formatDay(date: Date, timeZone: string, options: { year?: boolean } = {}): string {
  return dateTimeFormat({ timeZone, month: "short", day: "numeric", ...(options.year ? { year: "numeric" } : {}) }).format(date);
}

/**
 * A resolved range (end exclusive) for people: whole days as dates ("Nov 1 – Nov 7"),
 * anything else with times ("Nov 21, 03:00 – Nov 22, 03:00"). The year shows when the range
 * leaves the reference year.
 */
export function formatRange(range: DateRange, timeZone: string, reference: Date = range.end): string {
  const lastInstant = new Date(range.end.getTime() - 1);
  const refYear = parts(reference, timeZone).year;
  const year = parts(range.start, timeZone).year !== refYear || parts(lastInstant, timeZone).year !== refYear;
  if (isMidnight(range.start, timeZone) && isMidnight(range.end, timeZone)) {
    const sameYear = parts(range.start, timeZone).year === parts(lastInstant, timeZone).year;
    const first = formatDay(range.start, timeZone, { year: year && !sameYear });
    const last = formatDay(lastInstant, timeZone, { year });
    return formatDay(range.start, timeZone) === formatDay(lastInstant, timeZone) && sameYear ? last : `${first} – ${last}`;
  }
  return `${formatDateTime(range.start, timeZone, { year })} – ${formatDateTime(range.end, timeZone, { year })}`;
}

/** The range followed by its zone: "Nov 21, 03:00 – Nov 22, 03:00 (Europe/Berlin)". */
export function formatRangeInZone(range: DateRange, timeZone: string, reference?: Date): string {
  return `${formatRange(range, timeZone, reference)} (${timeZone})`;
}
