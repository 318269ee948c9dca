import "server-only";
import type { Kysely } from "kysely";
import type { Tables, Workspace } from "../db/schema";
import { newId } from "../secrets/tokens";

export { SLUG_PATTERN } from "../contract/workspaceSlug";
/** The environment's workspace (LINK_API_BASE_URL + LINK_API_KEY) has this id; its key is never stored. */
export const ENV_WORKSPACE_ID = "env";

/**
 * How long a looked-up workspace is reused. Every proxied request looks its workspace up (by slug,
 * or by id through a share link); a page's first screen sends several at once. This process's own
 * changes drop the kept rows at once; another replica's show within this time. In its last quarter
 * (`WORKSPACE_REREAD_AFTER_MS`), a lookup answers from the kept row and reads it again behind the
 * scenes, so a workspace in steady use is never waited for; lookups of one row at once share one read.
 */
export const WORKSPACE_LOOKUP_TTL_MS = 2_000;

/** How old a kept row is read again behind the scenes: a read every 1.5 s of steady use rather than every 2 s, none waited for. */
export const WORKSPACE_REREAD_AFTER_MS = (WORKSPACE_LOOKUP_TTL_MS * 3) / 4;

export class WorkspaceStore {
  /** Rows looked up lately, by "slug:<slug>" and "id:<id>" (a row that was not there is kept too: undefined). */
  private readonly recent = new Map<string, { at: number; row: Workspace | undefined }>();
  /** Reads under way, by the same keys: a lookup joins one rather than starting another. */
  private readonly reading = new Map<string, Promise<Workspace | undefined>>();
  /** Bumped by every change, so a lookup that raced one is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
    private readonly lookupTtlMs = WORKSPACE_LOOKUP_TTL_MS,
  ) {}

  private async lookup(key: string, load: () => Promise<Workspace | undefined>): Promise<Workspace | undefined> {
    const kept = this.recent.get(key);
    const age = kept ? this.now() - kept.at : Number.POSITIVE_INFINITY;
    if (kept && age < this.lookupTtlMs) {
      // A failed read behind the scenes changes nothing: the row is kept until its time, then read again.
      if (age >= (this.lookupTtlMs * 3) / 4) this.read(key, load).catch(() => undefined);
      return kept.row;
    }
    return this.read(key, load);
  }

  /** Reads `key`'s row (or joins the read under way), kept from the instant the read began. */
  private read(key: string, load: () => Promise<Workspace | undefined>): Promise<Workspace | undefined> {
    const under = this.reading.get(key);
    if (under) return under;
    const at = this.now();
    const generation = this.generation;
    const reading = load()
      .then((row) => {
        if (generation === this.generation) this.recent.set(key, { at, row });
        return row;
      })
      .finally(() => {
        if (this.reading.get(key) === reading) this.reading.delete(key);
      });
    this.reading.set(key, reading);
    return reading;
  }

  /** After any change: the next lookups read the database (and join no read begun before it). */
  private changed(): void {
    this.generation += 1;
    this.recent.clear();
    this.reading.clear();
  }

  list(): Promise<Workspace[]> {
    return this.db.selectFrom("workspaces").selectAll().orderBy("created_at").orderBy("slug").execute();
  }

  async bySlug(slug: string): Promise<Workspace | undefined> {
    return this.lookup(`slug:${slug}`, () =>
      this.db.selectFrom("workspaces").selectAll().where("slug", "=", slug).executeTakeFirst(),
    );
  }

  async byId(id: string): Promise<Workspace | undefined> {
    return this.lookup(`id:${id}`, () =>
      this.db.selectFrom("workspaces").selectAll().where("id", "=", id).executeTakeFirst(),
    );
  }

  /** Throws `conflict` (a unique violation) when the slug is taken. */
  async add(values: { slug: string; name: string; baseUrl: string; keySealed: string }): Promise<Workspace> {
    try {
      return await this.db
        .insertInto("workspaces")
        .values({
          id: newId(),
          slug: values.slug,
          name: values.name,
          base_url: values.baseUrl,
          key_sealed: values.keySealed,
          default_view_id: null,
          created_at: new Date(this.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } finally {
      this.changed();
    }
  }

  async update(id: string, values: { name?: string; baseUrl?: string; keySealed?: string }): Promise<void> {
    const set: Partial<{ name: string; base_url: string; key_sealed: string }> = {};
    if (values.name !== undefined) set.name = values.name;
    if (values.baseUrl !== undefined) set.base_url = values.baseUrl;
    if (values.keySealed !== undefined) set.key_sealed = values.keySealed;
    try {
      if (Object.keys(set).length > 0) await this.db.updateTable("workspaces").set(set).where("id", "=", id).execute();
    } finally {
      this.changed();
    }
  }

  /**
   * Deletes the workspace and, with it, its memberships, invitations, views, share links and
   * reports (their rows cascade). Its share links' token hashes are kept, so their page says the
   * workspace was deleted. The slug is free again at once.
   */
  async remove(workspace: Pick<Workspace, "id" | "name">): Promise<void> {
    try {
      await this.db.transaction().execute(async (tx) => {
        await tx
          .insertInto("retired_share_links")
          .columns(["token_hash", "workspace_name", "retired_at"])
          .expression((eb) =>
            eb
              .selectFrom("share_links")
              .select((s) => [
                "token_hash",
                s.val(workspace.name).as("workspace_name"),
                s.val(new Date(this.now())).as("retired_at"),
              ])
              .where("workspace_id", "=", workspace.id),
          )
          .onConflict((oc) => oc.column("token_hash").doNothing())
          .execute();
        await tx.deleteFrom("workspaces").where("id", "=", workspace.id).execute();
      });
    } finally {
      this.changed();
    }
  }

  async setRequireSso(id: string, requireSso: boolean): Promise<void> {
    try {
      await this.db.updateTable("workspaces").set({ require_sso: requireSso }).where("id", "=", id).execute();
    } finally {
      this.changed();
    }
  }

  /** The environment's workspace, as the environment now names it (its slug may change between starts). */
  async upsertEnv(values: { slug: string; name: string; baseUrl: string }): Promise<Workspace> {
    try {
      return await this.writeEnv(values);
    } finally {
      this.changed();
    }
  }

  private async writeEnv(values: { slug: string; name: string; baseUrl: string }): Promise<Workspace> {
    const existing = await this.db
      .selectFrom("workspaces")
      .selectAll()
      .where("id", "=", ENV_WORKSPACE_ID)
      .executeTakeFirst();
    if (existing) {
      await this.db
        .updateTable("workspaces")
        .set({ slug: values.slug, name: values.name, base_url: values.baseUrl })
        .where("id", "=", ENV_WORKSPACE_ID)
        .execute();
      return { ...existing, slug: values.slug, name: values.name, base_url: values.baseUrl };
    }
    return this.db
      .insertInto("workspaces")
      .values({
        id: ENV_WORKSPACE_ID,
        slug: values.slug,
        name: values.name,
        base_url: values.baseUrl,
        key_sealed: null,
        default_view_id: null,
        created_at: new Date(this.now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setDefaultView(id: string, viewId: string | null): Promise<void> {
    try {
      await this.db.updateTable("workspaces").set({ default_view_id: viewId }).where("id", "=", id).execute();
    } finally {
      this.changed();
    }
  }
}
