import * as z from "./zod";

/** ISO 8601 in UTC with milliseconds and `Z`, the only timestamp format the platform emits. */
export const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const isoTimestamp = z.string().check(z.regex(ISO_UTC_MS, "must be ISO 8601 UTC with milliseconds, e.g. 2026-01-31T12:00:00.000Z"));

/**
 * Link fields the spec declares non-nullable although they can mean "never"
 * (expiresAt, disabledAt): the platform emits this far-future sentinel for them.
 */
export const NEVER = "9999-12-31T23:59:59.999Z";

export function toIso(date: Date): string {
  return date.toISOString();
}
