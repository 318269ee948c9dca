import "server-only";
import type { Kysely } from "kysely";
import type { Annotation, Tables } from "../db/schema";
import { newId } from "../secrets/tokens";
import type { ViewerId } from "./savedViews";

/** How many notes a workspace's list returns at most (the latest days first). */
export const ANNOTATIONS_LISTED = 1000;

export type ListedAnnotation = Annotation & { author_name: string | null };

/** Annotations: dated notes a workspace's members leave on its charts ("launched spring campaign"). */
export class AnnotationStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  /** The workspace's notes on the days `from`…`to` (inclusive, YYYY-MM-DD; either open), with their author's name, by day. */
  async list(workspaceId: string, days: { from?: string; to?: string } = {}): Promise<ListedAnnotation[]> {
    let query = this.db
      .selectFrom("annotations")
      .leftJoin("user", "user.id", "annotations.author_id")
      .selectAll("annotations")
      .select("user.name as author_name")
      .where("workspace_id", "=", workspaceId);
    if (days.from !== undefined) query = query.where("day", ">=", days.from);
    if (days.to !== undefined) query = query.where("day", "<=", days.to);
    const rows = await query.orderBy("day", "desc").orderBy("created_at", "desc").limit(ANNOTATIONS_LISTED).execute();
    return rows.reverse();
  }

  get(workspaceId: string, id: string): Promise<Annotation | undefined> {
    return this.db
      .selectFrom("annotations")
      .selectAll()
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  create(workspaceId: string, authorId: ViewerId, values: { day: string; note: string }): Promise<Annotation> {
    const at = new Date(this.now());
    return this.db
      .insertInto("annotations")
      .values({
        id: newId(),
        workspace_id: workspaceId,
        author_id: authorId,
        day: values.day,
        note: values.note,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(workspaceId: string, id: string, values: { day?: string; note?: string }): Promise<void> {
    await this.db
      .updateTable("annotations")
      .set({ ...values, updated_at: new Date(this.now()) })
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .execute();
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db.deleteFrom("annotations").where("workspace_id", "=", workspaceId).where("id", "=", id).execute();
  }
}
