import "server-only";
import type { Kysely } from "kysely";
import type { Role } from "../access/roles";
import type { Invitation, Tables } from "../db/schema";
import { newId, newToken, tokenHash } from "../secrets/tokens";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/** Why a link no longer opens: unknown (never made, or replaced when the mail was sent again), used, revoked, expired. */
export type InvitationGone = "unknown" | "used" | "revoked" | "expired";

export type InvitationLookup =
  | { ok: true; invitation: Invitation }
  | { ok: false; reason: InvitationGone; invitation: Invitation | null };

/** What the invitation page says about a link before anything is asked. */
export interface InvitationDetails {
  workspaceName: string;
  role: Role;
  inviterName: string | null;
  email: string | null;
  expiresAt: string;
}

/**
 * Invitations: one use each, for one role in one workspace, valid a week; a link the owner passes
 * on, or mailed to one address (only that account may accept it). Only the token's hash is kept:
 * sending the mail again makes a new token, and the old link stops working.
 */
export class InvitationStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  async create(
    workspaceId: string,
    role: Role,
    createdBy: string,
    email: string | null = null,
  ): Promise<{ token: string; invitation: Invitation }> {
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
        email,
        revoked_at: null,
        sent_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token, invitation };
  }

  async find(token: string): Promise<InvitationLookup> {
    const invitation = await this.db
      .selectFrom("invitations")
      .selectAll()
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (!invitation) return { ok: false, reason: "unknown", invitation: null };
    if (invitation.accepted_at !== null) return { ok: false, reason: "used", invitation };
    if (invitation.revoked_at !== null) return { ok: false, reason: "revoked", invitation };
    if (new Date(invitation.expires_at).getTime() <= this.now()) return { ok: false, reason: "expired", invitation };
    return { ok: true, invitation };
  }

  /** The workspace's name, the role and who invited, for the invitation page and mail. */
  async details(invitation: Invitation): Promise<InvitationDetails> {
    const workspace = await this.db
      .selectFrom("workspaces")
      .select("name")
      .where("id", "=", invitation.workspace_id)
      .executeTakeFirst();
    const inviter = await this.db
      .selectFrom("user")
      .select("name")
      .where("id", "=", invitation.created_by)
      .executeTakeFirst();
    return {
      workspaceName: workspace?.name ?? "",
      role: invitation.role,
      inviterName: inviter?.name ?? null,
      email: invitation.email,
      expiresAt: new Date(invitation.expires_at).toISOString(),
    };
  }

  /** Marks it used by `userId` and makes them a member, at most once whoever races for it. */
  async accept(invitation: Invitation, userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const used = await tx
        .updateTable("invitations")
        .set({ accepted_at: new Date(this.now()), accepted_by: userId })
        .where("id", "=", invitation.id)
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      const existing = await tx
        .selectFrom("memberships")
        .select("role")
        .where("workspace_id", "=", invitation.workspace_id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      // An invitation never lowers a role someone already has.
      if (existing?.role === "owner" || (existing?.role === "member" && invitation.role === "viewer")) return true;
      await tx
        .insertInto("memberships")
        .values({
          workspace_id: invitation.workspace_id,
          user_id: userId,
          role: invitation.role,
          created_at: new Date(this.now()),
        })
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
      .where("revoked_at", "is", null)
      .where("expires_at", ">", new Date(this.now()))
      .orderBy("created_at", "desc")
      .execute();
  }

  /** A pending invitation of the workspace, or undefined. */
  async pendingById(workspaceId: string, id: string): Promise<Invitation | undefined> {
    return (await this.pending(workspaceId)).find((i) => i.id === id);
  }

  /** A pending one mailed to `email` already (one at a time per address and workspace). */
  async pendingFor(workspaceId: string, email: string): Promise<Invitation | undefined> {
    return (await this.pending(workspaceId)).find((i) => i.email === email);
  }

  /** Revoked: its link says so from now on. False when there is no such pending invitation. */
  async revoke(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("invitations")
      .set({ revoked_at: new Date(this.now()) })
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A new token and another week for a pending invitation (the old link stops working). */
  async renew(workspaceId: string, id: string): Promise<{ token: string; invitation: Invitation } | null> {
    const token = newToken();
    const at = this.now();
    const invitation = await this.db
      .updateTable("invitations")
      .set({ token_hash: tokenHash(token), expires_at: new Date(at + INVITATION_TTL_MS) })
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    return invitation ? { token, invitation } : null;
  }

  /** Gone without a trace: an invitation whose mail could not be sent was never made. */
  async discard(id: string): Promise<void> {
    await this.db.deleteFrom("invitations").where("id", "=", id).execute();
  }

  async markSent(id: string): Promise<void> {
    await this.db
      .updateTable("invitations")
      .set({ sent_at: new Date(this.now()) })
      .where("id", "=", id)
      .execute();
  }
}
