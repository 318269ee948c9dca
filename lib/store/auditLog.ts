import "server-only";
import type { Kysely } from "kysely";
import type { AuditAction } from "../db/auditActions";
import type { AuditEntry, Tables } from "../db/schema";
import { newId } from "../secrets/tokens";

export interface NewAuditEntry {
  workspaceId: string | null;
  actorId: string | null;
  actorEmail: string | null;
  action: AuditAction;
  target: string | null;
  clientAddress: string;
}

export interface AuditFilter {
  action?: AuditAction;
  /** Part of the actor's email, any case. */
  actor?: string;
  from?: Date;
  to?: Date;
  limit: number;
}

/** The activity log: appended by the server on every state change, read by a workspace's owners. */
export class AuditLogStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  async record(entry: NewAuditEntry): Promise<void> {
    await this.db
      .insertInto("audit_log")
      .values({
        id: newId(),
        at: new Date(this.now()),
        workspace_id: entry.workspaceId,
        actor_id: entry.actorId,
        actor_email: entry.actorEmail,
        action: entry.action,
        target: entry.target,
        client_address: entry.clientAddress,
      })
      .execute();
  }

  /**
   * A workspace's entries, newest first: those about it, and the account events (sign-ins,
   * passwords, two-factor) of the people who are its members now.
   */
  forWorkspace(workspaceId: string, filter: AuditFilter): Promise<AuditEntry[]> {
    let query = this.db
      .selectFrom("audit_log")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("workspace_id", "=", workspaceId),
          eb.and([
            eb("workspace_id", "is", null),
            eb(
              "actor_id",
              "in",
              eb.selectFrom("memberships").select("user_id").where("workspace_id", "=", workspaceId),
            ),
          ]),
        ]),
      );
    if (filter.action) query = query.where("action", "=", filter.action);
    if (filter.actor)
      query = query.where("actor_email", "ilike", `%${filter.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (filter.from) query = query.where("at", ">=", filter.from);
    if (filter.to) query = query.where("at", "<", filter.to);
    return query.orderBy("at", "desc").orderBy("id", "desc").limit(filter.limit).execute();
  }
}
