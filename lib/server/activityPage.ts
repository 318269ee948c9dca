import "server-only";
import { PAGE_LIMIT, readAuditFilter } from "../audit/filter";
import type { AuditEntry } from "../db/schema";
import { dashboardApp } from "./dashboardRoot";

/** The most entries the activity page lists (the CSV holds more). */
export const ACTIVITY_PAGE_LIMIT = PAGE_LIMIT;

/** The activity page's rows for the URL's filters (action, actor, from, to), newest first, or why the filters do not read. */
export async function activityEntries(
  workspaceId: string,
  search: URLSearchParams,
): Promise<{ ok: true; entries: AuditEntry[] } | { ok: false; message: string }> {
  const read = readAuditFilter(search, PAGE_LIMIT);
  if (!read.ok) return read;
  const app = await dashboardApp();
  return { ok: true, entries: await app.audit.forWorkspace(workspaceId, read.filter) };
}
