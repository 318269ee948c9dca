import "server-only";
import type { Kysely } from "kysely";
import type { Tables, Workspace } from "../db/schema";
import { newId } from "../secrets/tokens";

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** The environment's workspace (LINK_API_BASE_URL + LINK_API_KEY) has this id; its key is never stored. */
export const ENV_WORKSPACE_ID = "env";

export class WorkspaceStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  list(): Promise<Workspace[]> {
    return this.db.selectFrom("workspaces").selectAll().orderBy("created_at").orderBy("slug").execute();
  }

  async bySlug(slug: string): Promise<Workspace | undefined> {
    return this.db.selectFrom("workspaces").selectAll().where("slug", "=", slug).executeTakeFirst();
  }

  async byId(id: string): Promise<Workspace | undefined> {
    return this.db.selectFrom("workspaces").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Throws `conflict` (a unique violation) when the slug is taken. */
  async add(values: { slug: string; name: string; baseUrl: string; keySealed: string }): Promise<Workspace> {
    return this.db
      .insertInto("workspaces")
      .values({ id: newId(), slug: values.slug, name: values.name, base_url: values.baseUrl, key_sealed: values.keySealed, default_view_id: null, created_at: new Date(this.now()) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: string, values: { name?: string; baseUrl?: string; keySealed?: string }): Promise<void> {
    const set: Partial<{ name: string; base_url: string; key_sealed: string }> = {};
    if (values.name !== undefined) set.name = values.name;
    if (values.baseUrl !== undefined) set.base_url = values.baseUrl;
    if (values.keySealed !== undefined) set.key_sealed = values.keySealed;
    if (Object.keys(set).length > 0) await this.db.updateTable("workspaces").set(set).where("id", "=", id).execute();
  }

  /** The environment's workspace, as the environment now names it (its slug may change between starts). */
  async upsertEnv(values: { slug: string; name: string; baseUrl: string }): Promise<Workspace> {
    const existing = await this.byId(ENV_WORKSPACE_ID);
    if (existing) {
      await this.db.updateTable("workspaces").set({ slug: values.slug, name: values.name, base_url: values.baseUrl }).where("id", "=", ENV_WORKSPACE_ID).execute();
      return { ...existing, slug: values.slug, name: values.name, base_url: values.baseUrl };
    }
    return this.db
      .insertInto("workspaces")
      .values({ id: ENV_WORKSPACE_ID, slug: values.slug, name: values.name, base_url: values.baseUrl, key_sealed: null, default_view_id: null, created_at: new Date(this.now()) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setDefaultView(id: string, viewId: string | null): Promise<void> {
    await this.db.updateTable("workspaces").set({ default_view_id: viewId }).where("id", "=", id).execute();
  }
}
