import "server-only";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { ShareLinkJson } from "../contract/dashboardReplies";
import * as z from "../contract/zod";
import type { App } from "../dashboard/app";
import type { ShareLink } from "../db/schema";
import { workspaceAccess } from "../guard/access";
import { json, refuse, tooMany } from "../guard/errors";
import { unlockCookieName, unlockValue } from "../guard/shareUnlock";
import { readLock } from "./lockedRequest";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { name, password, readBody, viewQuery } from "./body";

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function shareJson(link: ShareLink): ShareLinkJson {
  return {
    id: link.id,
    name: link.name,
    query: link.query,
    hasPassword: link.password_hash !== null,
    expiresAt: iso(link.expires_at),
    allowExport: link.allow_export,
    revokedAt: iso(link.revoked_at),
    openCount: link.open_count,
    lastOpenedAt: iso(link.last_opened_at),
    createdAt: new Date(link.created_at).toISOString(),
  };
}

/** GET /api/w/<slug>/shares: every link of the workspace, with its opens (tokens are shown once, at creation). */
export async function listSharesRoute(app: App, request: Request, slug: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "share");
  if (granted instanceof Response) return granted;
  return json({ shares: (await app.shares.list(granted.target.workspace.id)).map(shareJson) });
}

const createBody = z.object({
  name,
  query: viewQuery,
  password: z.optional(z.nullable(password)),
  expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
  allowExport: z._default(z.boolean(), false),
});

/** POST /api/w/<slug>/shares: a read-only link to a view; its URL (holding the token) is in this answer only. */
export async function createShareRoute(app: App, request: Request, slug: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "share");
  if (granted instanceof Response) return granted;
  if (!app.signIn || granted.requester.kind !== "person") return refuse("forbidden", "Share links need sign-in to be configured: set LINKLENS_SECRET.");
  const body = await readBody(request, createBody);
  if (body instanceof Response) return body;
  const lock = readLock(body.query);
  if (!lock.ok) return refuse("unprocessable_entity", `Invalid value for "query": this view cannot be shared as it is. ${lock.reasons}`);
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= app.clock.now()) return refuse("unprocessable_entity", `Invalid value for "expiresAt": it is in the past.`);
  const { token, link } = await app.shares.create(granted.target.workspace.id, granted.requester.person.id, {
    name: body.name,
    query: body.query,
    passwordHash: body.password ? await hashPassword(body.password) : null,
    expiresAt,
    allowExport: body.allowExport,
  });
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "share.created", link.name);
  return json({ share: shareJson(link), url: `${app.signIn.publicUrl}/s/${token}` }, 201);
}

/** DELETE /api/w/<slug>/shares/<id>: revoked at once; the link answers 403 from then on. */
export async function revokeShareRoute(app: App, request: Request, slug: string, id: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "share");
  if (granted instanceof Response) return granted;
  if (!(await app.shares.revoke(granted.target.workspace.id, id))) return refuse("not_found", "There is no such active share link.");
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "share.revoked", id);
  return new Response(null, { status: 204 });
}

const unlockBody = z.object({ password: z.string().check(z.maxLength(128)) });

/** POST /api/s/<token>/unlock: the link's password, throttled like sign-in; right, a cookie for this link only. */
export async function unlockShareRoute(app: App, request: Request, token: string): Promise<Response> {
  if (!app.signIn) return refuse("not_found", "Share links need sign-in to be configured.");
  const body = await readBody(request, unlockBody);
  if (body instanceof Response) return body;
  const found = await app.shares.find(token);
  if (!found.ok) return found.reason === "unknown" ? refuse("not_found", "This shared link does not exist.") : refuse("forbidden", `This shared link has been ${found.reason === "revoked" ? "revoked" : "expired"}.`);
  const { link } = found;
  if (link.password_hash === null) return json({ ok: true });
  const subject = `share:${link.id}`;
  const client = app.clientAddress(request.headers);
  const verdict = await app.throttle.check(subject, client);
  if (!verdict.allowed) return tooMany("Too many wrong passwords; retry later.", verdict.retryAfterMs);
  if (!(await verifyPassword({ hash: link.password_hash, password: body.password }))) {
    await app.throttle.failed(subject, client);
    return refuse("unauthorized", "That is not this link's password.");
  }
  await app.throttle.succeeded(subject, client);
  await recordAudit(app, request, null, link.workspace_id, "share.unlocked", link.name);
  const maxAge = link.expires_at ? Math.max(1, Math.floor((new Date(link.expires_at).getTime() - app.clock.now()) / 1000)) : 7 * 24 * 3600;
  const secure = app.signIn.publicUrl.startsWith("https:") ? "; Secure" : "";
  return json({ ok: true }, 200, {
    "Set-Cookie": `${unlockCookieName(link)}=${unlockValue(app.signIn.secret, link)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.min(maxAge, 7 * 24 * 3600)}${secure}`,
  });
}
