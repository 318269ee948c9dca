import "server-only";
import { sql, type Kysely } from "kysely";
import type { ShareLink, ShareVisitor, Tables } from "../db/schema";
import type { SealedBox } from "../secrets/sealedBox";
import { newId, newToken, tokenHash } from "../secrets/tokens";

export type ShareLookup = { ok: true; link: ShareLink } | { ok: false; reason: ShareGone };

/** Why a link no longer opens: never existed, revoked, expired, or its workspace was deleted. */
export type ShareGone = "unknown" | "revoked" | "expired" | "workspace_deleted";

export interface NewShare {
  name: string;
  query: string;
  passwordHash: string | null;
  expiresAt: Date | null;
  allowExport: boolean;
}

/** A link as its list shows it: who made it and how many visitors opened it. */
export type ListedShare = ShareLink & { creator_name: string | null; visitors: number };

/** A visit is one visitor's session: a new open after this long without a page of the link. */
export const VISIT_IDLE_MS = 30 * 60 * 1000;

/**
 * Share links: a read-only view behind an unguessable token. The database looks links up by the
 * token's hash; the token itself is kept only sealed with the server secret, for its creator to copy again.
 */
export class ShareLinkStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
    private readonly tokens: SealedBox | null,
  ) {}

  async create(workspaceId: string, createdBy: string, share: NewShare): Promise<{ token: string; link: ShareLink }> {
    const token = newToken();
    const link = await this.db
      .insertInto("share_links")
      .values({
        id: newId(),
        token_hash: tokenHash(token),
        token_sealed: this.tokens ? this.tokens.seal(token) : null,
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
    const link = await this.db
      .selectFrom("share_links")
      .selectAll()
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (!link) {
      const retired = await this.db
        .selectFrom("retired_share_links")
        .select("token_hash")
        .where("token_hash", "=", tokenHash(token))
        .executeTakeFirst();
      return { ok: false, reason: retired ? "workspace_deleted" : "unknown" };
    }
    if (link.revoked_at !== null) return { ok: false, reason: "revoked" };
    if (link.expires_at !== null && new Date(link.expires_at).getTime() <= this.now())
      return { ok: false, reason: "expired" };
    return { ok: true, link };
  }

  get(workspaceId: string, id: string): Promise<ShareLink | undefined> {
    return this.db
      .selectFrom("share_links")
      .selectAll()
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The workspace's links, newest first; only those `createdBy` made when given. */
  async list(workspaceId: string, createdBy: string | null = null): Promise<ListedShare[]> {
    let query = this.db
      .selectFrom("share_links")
      .leftJoin("user", "user.id", "share_links.created_by")
      .selectAll("share_links")
      .select("user.name as creator_name")
      .select((eb) =>
        eb
          .selectFrom("share_visitors")
          .whereRef("share_visitors.link_id", "=", "share_links.id")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("visitors"),
      )
      .where("share_links.workspace_id", "=", workspaceId);
    if (createdBy !== null) query = query.where("share_links.created_by", "=", createdBy);
    const rows = await query.orderBy("share_links.created_at", "desc").execute();
    return rows.map((row) => ({ ...row, visitors: Number(row.visitors ?? 0) }));
  }

  /** The link's token for copying again; null when it was made before tokens were kept (or cannot be opened with this secret). */
  tokenOf(link: Pick<ShareLink, "token_sealed">): string | null {
    if (!this.tokens || link.token_sealed === null) return null;
    try {
      return this.tokens.open(link.token_sealed);
    } catch {
      return null;
    }
  }

  /** Another password (null: none) or expiry (null: never) for an active link. */
  async update(
    workspaceId: string,
    id: string,
    values: { passwordHash?: string | null; expiresAt?: Date | null },
  ): Promise<boolean> {
    const set: { password_hash?: string | null; expires_at?: Date | null } = {};
    if (values.passwordHash !== undefined) set.password_hash = values.passwordHash;
    if (values.expiresAt !== undefined) set.expires_at = values.expiresAt;
    if (Object.keys(set).length === 0) return true;
    const result = await this.db
      .updateTable("share_links")
      .set(set)
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  /**
   * A visitor (`visitorHash`, unique per link) is on the link's page. It is an open when it is their
   * first visit or they were away longer than VISIT_IDLE_MS; reloads and tabs within a visit are not.
   * True when it counted as an open.
   */
  async visited(linkId: string, visitorHash: string): Promise<boolean> {
    const now = new Date(this.now());
    return this.db.transaction().execute(async (trx) => {
      const seen = await trx
        .selectFrom("share_visitors")
        .select("last_at")
        .where("link_id", "=", linkId)
        .where("visitor_hash", "=", visitorHash)
        .forUpdate()
        .executeTakeFirst();
      const opens = !seen || now.getTime() - new Date(seen.last_at).getTime() >= VISIT_IDLE_MS;
      if (!seen) {
        await trx
          .insertInto("share_visitors")
          .values({ link_id: linkId, visitor_hash: visitorHash, opens: 1, first_at: now, last_at: now })
          .onConflict((oc) => oc.columns(["link_id", "visitor_hash"]).doUpdateSet({ last_at: now }))
          .execute();
      } else {
        await trx
          .updateTable("share_visitors")
          .set({ last_at: now, ...(opens ? { opens: sql<number>`opens + 1` } : {}) })
          .where("link_id", "=", linkId)
          .where("visitor_hash", "=", visitorHash)
          .execute();
      }
      if (opens)
        await trx
          .updateTable("share_links")
          .set({ open_count: sql<number>`open_count + 1`, last_opened_at: now })
          .where("id", "=", linkId)
          .execute();
      return opens;
    });
  }

  /** Who opened the link, first seen first. */
  visitors(linkId: string): Promise<ShareVisitor[]> {
    return this.db
      .selectFrom("share_visitors")
      .selectAll()
      .where("link_id", "=", linkId)
      .orderBy("first_at")
      .orderBy("visitor_hash")
      .execute();
  }
}
