import "server-only";
import type { Kysely } from "kysely";
import type { SavedView, Tables } from "../db/schema";
import { newId } from "../secrets/tokens";

/** Who asks: a person (null before sign-in is configured: the loopback dashboard's one local user). */
export type ViewerId = string | null;

/** Saved views: a name for a whole URL state, personal or shared with the workspace. */
export class SavedViewStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  /** The views `userId` may open in the workspace: their own and those shared with it, with their author's name (null: the local user, or a deleted account). */
  list(workspaceId: string, userId: ViewerId): Promise<(SavedView & { author_name: string | null })[]> {
    return this.db
      .selectFrom("saved_views")
      .leftJoin("user", "user.id", "saved_views.owner_id")
      .selectAll("saved_views")
      .select("user.name as author_name")
      .where("workspace_id", "=", workspaceId)
      .where((eb) =>
        eb.or([eb("shared", "=", true), userId === null ? eb("owner_id", "is", null) : eb("owner_id", "=", userId)]),
      )
      .orderBy("name")
      .execute();
  }

  async get(workspaceId: string, id: string): Promise<SavedView | undefined> {
    return this.db
      .selectFrom("saved_views")
      .selectAll()
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  create(
    workspaceId: string,
    ownerId: ViewerId,
    values: { name: string; query: string; shared: boolean },
  ): Promise<SavedView> {
    const at = new Date(this.now());
    return this.db
      .insertInto("saved_views")
      .values({
        id: newId(),
        workspace_id: workspaceId,
        owner_id: ownerId,
        name: values.name,
        query: values.query,
        shared: values.shared,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(
    workspaceId: string,
    id: string,
    values: { name?: string; shared?: boolean; query?: string },
  ): Promise<void> {
    await this.db
      .updateTable("saved_views")
      .set({ ...values, updated_at: new Date(this.now()) })
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .execute();
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db.deleteFrom("saved_views").where("workspace_id", "=", workspaceId).where("id", "=", id).execute();
  }
}
