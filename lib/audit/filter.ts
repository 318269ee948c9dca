import * as z from "../contract/zod";
import { AUDIT_ACTIONS } from "../db/auditActions";
import type { AuditFilter } from "../store/auditLog";

export const PAGE_LIMIT = 200;
export const CSV_LIMIT = 10_000;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "a date is YYYY-MM-DD"));
const filterQuery = z.object({
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  actor: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  from: z.optional(day),
  to: z.optional(day),
});

/**
 * The activity log's filters from a query string (`action`, `actor`, `from` and `to` as UTC days,
 * `to` included): the filter, or the first problem in words. Empty values are no filter.
 */
export function readAuditFilter(
  search: URLSearchParams,
  limit: number,
): { ok: true; filter: AuditFilter } | { ok: false; message: string } {
  const raw = Object.fromEntries(
    ["action", "actor", "from", "to"].flatMap((key) => (search.get(key) ? [[key, search.get(key)]] : [])),
  );
  const parsed = filterQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `Invalid value for "${issue.path.join(".")}": ${issue.message}` };
  }
  const { action, actor, from, to } = parsed.data;
  const fromDate = from ? new Date(`${from}T00:00:00Z`) : undefined;
  const toDate = to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 24 * 3600_000) : undefined;
  if ((fromDate && Number.isNaN(fromDate.getTime())) || (toDate && Number.isNaN(toDate.getTime())))
    return { ok: false, message: "That is not a calendar date." };
  return { ok: true, filter: { action, actor: actor || undefined, from: fromDate, to: toDate, limit } };
}
