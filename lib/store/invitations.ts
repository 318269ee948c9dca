import "server-only";
import type { Kysely } from "kysely";
import type { Role } from "../access/roles";
import type { Invitation, Tables } from "../db/schema";
import { newId, newToken, tokenHash } from "../secrets/tokens";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export type InvitationLookup = { ok: true; invitation: Invitation } | { ok: false; code: "not_found" | "invite_expired" };

/** Invitations by link: one use each, for one role in one workspace, valid a week. Only the token's hash is kept. */
export class InvitationStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  async create(workspaceId: string, role: Role, createdBy: string): Promise<{ token: string; invitation: Invitation }> {
    const token = newToken();
    const at = this.now();
    const invitation = await this.db
      .insertInto("invitations")
      .values({
        id: newId(),
        token_hash: tokenHash(token),
        workspace_id: workspaceId,
        role,
        created_by: createdBy,
        created_at: new Date(at),
        expires_at: new Date(at + INVITATION_TTL_MS),
        accepted_at: null,
        accepted_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token, invitation };
  }

  async find(token: string): Promise<InvitationLookup> {
    const invitation = await this.db.selectFrom("invitations").selectAll().where("token_hash", "=", tokenHash(token)).executeTakeFirst();
    if (!invitation || invitation.accepted_at !== null) return { ok: false, code: "not_found" };
    if (new Date(invitation.expires_at).getTime() <= this.now()) return { ok: false, code: "invite_expired" };
    return { ok: true, invitation };
  }

  /** Marks it used by `userId` and makes them a member, at most once whoever races for it. */
  async accept(invitation: Invitation, userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const used = await tx
        .updateTable("invitations")
        .set({ accepted_at: new Date(this.now()), accepted_by: userId })
        .where("id", "=", invitation.id)
        .where("accepted_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      const existing = await tx.selectFrom("memberships").select("role").where("workspace_id", "=", invitation.workspace_id).where("user_id", "=", userId).executeTakeFirst();
      // An invitation never lowers a role someone already has.
      if (existing?.role === "owner" || (existing?.role === "member" && invitation.role === "viewer")) return true;
      await tx
        .insertInto("memberships")
        .values({ workspace_id: invitation.workspace_id, user_id: userId, role: invitation.role, created_at: new Date(this.now()) })
        .onConflict((oc) => oc.columns(["workspace_id", "user_id"]).doUpdateSet({ role: invitation.role }))
        .execute();
      return true;
    });
  }

  pending(workspaceId: string): Promise<Invitation[]> {
    return this.db
      .selectFrom("invitations")
      .selectAll()
      .where("workspace_id", "=", workspaceId)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", new Date(this.now()))
      .orderBy("created_at", "desc")
      .execute();
  }

  async revoke(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("invitations").where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
