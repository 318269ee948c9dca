import "server-only";
import { sql, type Kysely } from "kysely";
import type { ShareLink, Tables } from "../db/schema";
import { newId, newToken, tokenHash } from "../secrets/tokens";

export type ShareLookup = { ok: true; link: ShareLink } | { ok: false; reason: "unknown" | "revoked" | "expired" };

export interface NewShare {
  name: string;
  query: string;
  passwordHash: string | null;
  expiresAt: Date | null;
  allowExport: boolean;
}

/** Share links: a read-only view behind an unguessable token (only its hash is kept). */
export class ShareLinkStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  async create(workspaceId: string, createdBy: string, share: NewShare): Promise<{ token: string; link: ShareLink }> {
    const token = newToken();
    const link = await this.db
      .insertInto("share_links")
      .values({
        id: newId(),
        token_hash: tokenHash(token),
        workspace_id: workspaceId,
        created_by: createdBy,
        name: share.name,
        query: share.query,
        password_hash: share.passwordHash,
        expires_at: share.expiresAt,
        allow_export: share.allowExport,
        revoked_at: null,
        last_opened_at: null,
        created_at: new Date(this.now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token, link };
  }

  async find(token: string): Promise<ShareLookup> {
    const link = await this.db.selectFrom("share_links").selectAll().where("token_hash", "=", tokenHash(token)).executeTakeFirst();
    if (!link) return { ok: false, reason: "unknown" };
    if (link.revoked_at !== null) return { ok: false, reason: "revoked" };
    if (link.expires_at !== null && new Date(link.expires_at).getTime() <= this.now()) return { ok: false, reason: "expired" };
    return { ok: true, link };
  }

  list(workspaceId: string): Promise<ShareLink[]> {
    return this.db.selectFrom("share_links").selectAll().where("workspace_id", "=", workspaceId).orderBy("created_at", "desc").execute();
  }

  async revoke(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("share_links")
      .set({ revoked_at: new Date(this.now()) })
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The page was opened through the link: one more open, and when. */
  async opened(id: string): Promise<void> {
    await this.db
      .updateTable("share_links")
      .set({ open_count: sql<number>`open_count + 1`, last_opened_at: new Date(this.now()) })
      .where("id", "=", id)
      .execute();
  }
}
