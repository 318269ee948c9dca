import type { Db } from "../query/db";
import { date, num, str } from "../query/rows";

/** The integration seed's workspace with the most clicks, and when its clicks begin and end: what the page tests read. */
export async function busiestWorkspace(
  db: Db,
): Promise<{ workspaceId: string; count: number; first: Date; last: Date }> {
  const [row] = await db.all(
    `SELECT workspace_id, count(*) AS n, min(timestamp) AS first, max(timestamp) AS last
     FROM click_events GROUP BY workspace_id ORDER BY n DESC LIMIT 1`,
    {},
  );
  if (!row) throw new Error("the integration seed has no clicks");
  return {
    workspaceId: str(row, "workspace_id"),
    count: num(row, "n"),
    first: date(row, "first"),
    last: date(row, "last"),
  };
}
