import "server-only";
import type { AuditEntry } from "../db/schema";
import { CSV_LIMIT, PAGE_LIMIT, readAuditFilter } from "../audit/filter";
import { guardText, tableCsv } from "../export/table";
import { guarded } from "./guarded";
import { json, refuse } from "../guard/refusal";

export interface AuditEntryJson {
  at: string;
  actor: string | null;
  action: AuditEntry["action"];
  target: string | null;
  clientAddress: string;
}

export function auditEntryJson(entry: AuditEntry): AuditEntryJson {
  return {
    at: new Date(entry.at).toISOString(),
    actor: entry.actor_email,
    action: entry.action,
    target: entry.target,
    clientAddress: entry.client_address,
  };
}

/**
 * GET /api/w/<slug>/activity: the workspace's activity log for its owners, newest first, with
 * the filters of ../audit/filter.ts; `format=csv` for a file (at most 10,000 rows).
 */
export const activityRoute = guarded("manageMembers", async (granted, app, request): Promise<Response> => {
  const search = new URL(request.url).searchParams;
  const csv = search.get("format") === "csv";
  const read = readAuditFilter(search, csv ? CSV_LIMIT : PAGE_LIMIT);
  if (!read.ok) return refuse("unprocessable_entity", read.message);
  const entries = (await app.audit.forWorkspace(granted.target.workspace.id, read.filter)).map(auditEntryJson);
  if (!csv) return json({ entries });
  const rows = entries.map((e) => [e.at, e.actor ?? "", e.action, e.target ?? "", e.clientAddress].map(guardText));
  return new Response(tableCsv(["Time (UTC)", "Who", "What", "Target", "Client address"], rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${granted.target.workspace.slug}-activity.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
