import type { Db, Row } from "./db";
import { date, str } from "./rows";

export interface KeyOwner {
  /** sha256 hex of the key. */
  keyHash: string;
  workspaceId: string;
  plan: string;
  /** Start of `interval=all`. */
  createdAt: Date;
}

const OWNERS = `SELECT k.key_hash, w.id, w.plan, w.created_at FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id`;

const readOwner = (row: Row): KeyOwner => ({
  keyHash: str(row, "key_hash"),
  workspaceId: str(row, "id"),
  plan: str(row, "plan"),
  createdAt: date(row, "created_at"),
});

/** The workspace owning a key, by the key's sha256 hex. */
export async function findKeyOwner(db: Db, keyHash: string): Promise<KeyOwner | null> {
  const rows = await db.all(`${OWNERS} WHERE k.key_hash = $key_hash`, { key_hash: keyHash });
  return rows[0] ? readOwner(rows[0]) : null;
}

/** Every key with its workspace: an embedded platform has a handful. */
export async function allKeyOwners(db: Db): Promise<KeyOwner[]> {
  return (await db.all(OWNERS, {})).map(readOwner);
}
