import "server-only";
import type { App } from "../dashboard/dashboardApp";
import type { Requester } from "../guard/requester";
import type { AuditAction } from "../db/auditActions";

/** Who did it: a signed-in person, or nobody named (the loopback dashboard's local user, a share link's visitor). */
export type Actor = { id: string; email: string } | null;

export function actorOf(requester: Requester): Actor {
  return requester.kind === "person" ? { id: requester.person.id, email: requester.person.email } : null;
}

/** One activity-log entry for a state change `request` made (its client address as every throttle reads it). */
export async function recordAudit(
  app: App,
  request: Request,
  actor: Actor,
  workspaceId: string | null,
  action: AuditAction,
  target: string | null,
): Promise<void> {
  await app.audit.record({
    workspaceId,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action,
    target,
    clientAddress: app.clientAddress(request.headers),
  });
}
