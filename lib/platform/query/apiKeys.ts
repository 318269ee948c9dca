import type { Db } from "./db";
import { date, str } from "./rows";

export interface KeyOwner {
  workspaceId: string;
  plan: string;
  /** Start of `interval=all`. */
  createdAt: Date;
}

/** The workspace owning a key, by the key's sha256 hex. */
export async function findKeyOwner(db: Db, keyHash: string): Promise<KeyOwner | null> {
  const rows = await db.all(
    `SELECT w.id, w.plan, w.created_at FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.key_hash = $1`,
    [keyHash],
  );
  const row = rows[0];
  if (!row) return null;
  return { workspaceId: str(row, "id"), plan: str(row, "plan"), createdAt: date(row, "created_at") };
}
