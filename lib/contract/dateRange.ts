import { TZDate } from "@date-fns/tz";
import { startOfMonth, startOfQuarter, startOfYear, subDays, subHours, subYears, addDays } from "date-fns";
import { ApiError } from "./errors";
import { ISO_DATE, ISO_DATE_TIME } from "./timestamps";

export const INTERVALS = ["24h", "7d", "30d", "90d", "1y", "mtd", "qtd", "ytd", "all"] as const;
export type Interval = (typeof INTERVALS)[number];
export const DEFAULT_INTERVAL: Interval = "24h";

export interface RangeParams {
  interval?: Interval;
  start?: string;
  end?: string;
  timezone: string;
}

/** A resolved time range: `start` inclusive, `end` exclusive. */
export interface DateRange {
  start: Date;
  end: Date;
}

/** Zones already read (valid or not), each an `Intl.DateTimeFormat` made once: a page's render reads its view's zone dozens of times. */
const canonicalZones = new Map<string, string | null>();
/** Past this many names (a zone is ≤ 64 characters, but a client may send any), the memo starts over. */
const CANONICAL_ZONES_KEPT = 1_000;

/** Canonical IANA name for a zone, or null when the runtime does not know it. */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.length === 0 || zone.length > 64) return null;
  const known = canonicalZones.get(zone);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat(undefined, { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  if (canonicalZones.size >= CANONICAL_ZONES_KEPT) canonicalZones.clear();
  canonicalZones.set(zone, canonical);
  return canonical;
}

export function isDateOnly(value: string): boolean {
  return ISO_DATE.test(value);
}

/** Real offsets run from -12:00 to +14:00; anything beyond ±14:59 is not a UTC offset at all. */
function isValidOffset(offset: string | undefined): boolean {
  if (offset === undefined || offset === "Z") return true;
  const digits = offset.replace(":", "");
  return Number(digits.slice(1, 3)) <= 14 && Number(digits.slice(3, 5)) <= 59;
}

/** Syntax check for start/end: an ISO 8601 date or date-time with a real calendar date, time and offset. */
export function isValidBound(value: string): boolean {
  const m = ISO_DATE_TIME.exec(value) ?? ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return false;
  if (m.length > 4 && m[4] !== undefined) {
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return false;
    if (!isValidOffset(m[8])) return false;
  }
  return true;
}

/** Wall-clock time in `timeZone`; TZDate's constructor, like Date's, would read years 0-99 as 1900-1999. */
function zoned(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
  ms = 0,
): Date {
  const at = new TZDate(2000, 0, 1, timeZone);
  at.setFullYear(year, month - 1, day);
  at.setHours(hours, minutes, seconds, ms);
  return at;
}

/** The instant a bound denotes. Date-only and offset-less values are read in `timeZone`. */
export function parseBound(value: string, timeZone: string): Date {
  const at = parseValidBound(value, timeZone);
  // A safety net behind isValidBound: an invalid Date must never reach SQL parameters.
  if (Number.isNaN(at.getTime())) throw new ApiError("bad_request", `"${value}" is not an ISO 8601 date or date-time.`);
  return at;
}

function parseValidBound(value: string, timeZone: string): Date {
  const dateOnly = ISO_DATE.exec(value);
  if (dateOnly) return zoned(timeZone, Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
  const m = ISO_DATE_TIME.exec(value);
  if (!m) throw new ApiError("bad_request", `"${value}" is not an ISO 8601 date or date-time.`);
  const ms = Number((m[7] ?? "0").padEnd(3, "0").slice(0, 3));
  if (m[8])
    return new Date(
      `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? "00"}.${String(ms).padStart(3, "0")}${normalizeOffset(m[8])}`,
    );
  return zoned(timeZone, Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), ms);
}

function normalizeOffset(offset: string): string {
  if (offset === "Z") return "Z";
  return offset.includes(":") ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

/** Exclusive end for a bound given as `end`: a date-only end includes that whole day. */
function exclusiveEnd(value: string, timeZone: string): Date {
  const at = parseBound(value, timeZone);
  if (isDateOnly(value)) return addDays(new TZDate(at, timeZone), 1);
  return new Date(at.getTime() + 1);
}

export function presetStart(interval: Interval, reference: Date, timeZone: string, allStart: Date): Date {
  const ref = new TZDate(reference, timeZone);
  switch (interval) {
    case "24h":
      return subHours(reference, 24);
    case "7d":
      return subDays(ref, 7);
    case "30d":
      return subDays(ref, 30);
    case "90d":
      return subDays(ref, 90);
    case "1y":
      return subYears(ref, 1);
    case "mtd":
      return startOfMonth(ref);
    case "qtd":
      return startOfQuarter(ref);
    case "ytd":
      return startOfYear(ref);
    case "all":
      return allStart;
  }
}

function outOfOrder(start: string, end: string | undefined): ApiError {
  return new ApiError(
    "unprocessable_entity",
    `Invalid range: "start" (${start}) must be before "end" (${end ?? "now"}).`,
  );
}

/** 422 unless `start` is before `end` (both valid bounds, read in `timeZone`); needs no clock. */
export function assertStartBeforeEnd(start: string, end: string, timeZone: string): void {
  if (parseBound(start, timeZone).getTime() >= exclusiveEnd(end, timeZone).getTime()) throw outOfOrder(start, end);
}

/**
 * The spec's rules: start/end take precedence over interval; end defaults to now;
 * without start, the interval (default 24h) counts back from end (or now).
 */
export function resolveRange(params: RangeParams, now: Date, allStart: Date = new Date(0)): DateRange {
  const { timezone } = params;
  if (params.start) {
    const start = parseBound(params.start, timezone);
    const end = params.end ? exclusiveEnd(params.end, timezone) : new Date(now.getTime() + 1);
    if (start.getTime() >= end.getTime()) throw outOfOrder(params.start, params.end);
    return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
  }
  const end = params.end ? exclusiveEnd(params.end, timezone) : new Date(now.getTime() + 1);
  const reference = new Date(end.getTime() - 1);
  const start = presetStart(params.interval ?? DEFAULT_INTERVAL, reference, timezone, allStart);
  // Plain Dates: a TZDate's toISOString() would print an offset instead of `Z`.
  return { start: new Date(Math.min(start.getTime(), end.getTime() - 1)), end: new Date(end.getTime()) };
}
