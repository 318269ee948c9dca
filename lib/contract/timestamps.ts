import * as z from "./zod";

/** ISO 8601 in UTC with milliseconds and `Z`, the only timestamp format the platform emits. */
export const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An ISO 8601 calendar date; groups: year, month, day. */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An ISO 8601 date-time, seconds, fraction and zone optional; groups: year, month, day, hour,
 * minute, second, fraction, zone (`Z` or an offset). Ranges of the fields are checked by callers.
 */
export const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date-time that names its zone: an instant anyone reads the same. */
export function isIsoInstant(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value);
  return match !== null && match[8] !== undefined;
}

export const isoTimestamp = z
  .string()
  .check(z.regex(ISO_UTC_MS, "must be ISO 8601 UTC with milliseconds, e.g. 2026-01-31T12:00:00.000Z"));

/**
 * Link fields the spec declares non-nullable although they can mean "never"
 * (expiresAt, disabledAt): the platform emits this far-future sentinel for them.
 */
export const NEVER = "9999-12-31T23:59:59.999Z";

export function toIso(date: Date): string {
  return date.toISOString();
}
