import "server-only";
import type { Kysely } from "kysely";
import type { Role } from "../access/roles";
import type { Tables } from "../db/schema";

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
}

export class MembershipStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  async roleOf(workspaceId: string, userId: string): Promise<Role | null> {
    const row = await this.db
      .selectFrom("memberships")
      .select("role")
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  /** The workspaces a person belongs to, with their role in each. */
  async of(userId: string): Promise<{ workspaceId: string; role: Role }[]> {
    const rows = await this.db
      .selectFrom("memberships")
      .select(["workspace_id", "role"])
      .where("user_id", "=", userId)
      .execute();
    return rows.map((r) => ({ workspaceId: r.workspace_id, role: r.role }));
  }

  async list(workspaceId: string): Promise<Member[]> {
    const rows = await this.db
      .selectFrom("memberships")
      .innerJoin("user", "user.id", "memberships.user_id")
      .select(["memberships.user_id", "memberships.role", "user.name", "user.email"])
      .where("memberships.workspace_id", "=", workspaceId)
      .orderBy("memberships.created_at")
      .execute();
    return rows.map((r) => ({ userId: r.user_id, name: r.name, email: r.email, role: r.role }));
  }

  /** The account's email (what the activity log names a member by), or null when there is no such account. */
  async emailOf(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
    return row?.email ?? null;
  }

  /** Adds the person, or changes their role. */
  async set(workspaceId: string, userId: string, role: Role): Promise<void> {
    await this.db
      .insertInto("memberships")
      .values({ workspace_id: workspaceId, user_id: userId, role, created_at: new Date(this.now()) })
      .onConflict((oc) => oc.columns(["workspace_id", "user_id"]).doUpdateSet({ role }))
      .execute();
  }

  /** `to` becomes an owner and `from` a member, together (a workspace is never left without an owner between the two). */
  async transferOwnership(workspaceId: string, from: string, to: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable("memberships")
        .set({ role: "owner" })
        .where("workspace_id", "=", workspaceId)
        .where("user_id", "=", to)
        .execute();
      await tx
        .updateTable("memberships")
        .set({ role: "member" })
        .where("workspace_id", "=", workspaceId)
        .where("user_id", "=", from)
        .execute();
    });
  }

  async remove(workspaceId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom("memberships")
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", userId)
      .execute();
  }

  async owners(workspaceId: string): Promise<number> {
    const row = await this.db
      .selectFrom("memberships")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("workspace_id", "=", workspaceId)
      .where("role", "=", "owner")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Signs the person out everywhere: their sessions are deleted, so the next request with one is refused. */
  async revokeSessions(userId: string): Promise<number> {
    const result = await this.db.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
