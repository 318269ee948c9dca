import "server-only";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { allows } from "../access/access";
import type { ShareLinkJson, ShareVisitorJson } from "../contract/dashboardReplies";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import type { ShareLink } from "../db/schema";
import type { Granted } from "../guard/accessFor";
import { answered, guarded } from "./guarded";
import { json, refusal, refuse, tooMany } from "../guard/refusal";
import { findShare, readLock, unlockCookie } from "../guard/shareLink";
import { cookieFrom } from "../http/cookies";
import { newToken, tokenHash } from "../secrets/tokens";
import type { ListedShare } from "../store/shareLinks";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { name, password, readBody, viewQuery } from "./body";

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function shareJson(app: App, link: ListedShare, requesterId: string | null): ShareLinkJson {
  const mine = requesterId !== null && link.created_by === requesterId;
  const token = mine && app.signIn ? app.shares.tokenOf(link) : null;
  return {
    id: link.id,
    name: link.name,
    query: link.query,
    creatorName: link.creator_name,
    mine,
    url: token && app.signIn ? shareUrl(app.signIn.publicUrl, token) : null,
    visitors: link.visitors,
    hasPassword: link.password_hash !== null,
    expiresAt: iso(link.expires_at),
    allowExport: link.allow_export,
    revokedAt: iso(link.revoked_at),
    openCount: link.open_count,
    lastOpenedAt: iso(link.last_opened_at),
    createdAt: new Date(link.created_at).toISOString(),
  };
}

const shareUrl = (publicUrl: string, token: string) => `${publicUrl}/s/${token}`;
const personId = (granted: Granted) => (granted.requester.kind === "person" ? granted.requester.person.id : null);

/** GET /api/w/<slug>/shares: the links the person made (an owner: every link), with their opens. */
export const listSharesRoute = guarded("share", async (granted, app): Promise<Response> => {
  const requesterId = personId(granted);
  const all = allows(granted.access, "manageShares");
  const links = await app.shares.list(granted.target.workspace.id, all ? null : (requesterId ?? ""));
  return json({ shares: links.map((link) => shareJson(app, link, requesterId)) });
});

const createBody = z.object({
  name,
  query: viewQuery,
  password: z.optional(z.nullable(password)),
  expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
  allowExport: z._default(z.boolean(), false),
});

/** POST /api/w/<slug>/shares: a read-only link to a view; its URL (holding the token) is in this answer, and again for its creator in the list. */
export const createShareRoute = guarded("share", async (granted, app, request): Promise<Response> => {
  if (!app.signIn || granted.requester.kind !== "person")
    return refuse("forbidden", "Share links need sign-in to be configured: set LINKLENS_SECRET.");
  const body = await readBody(request, createBody);
  const lock = readLock(body.query);
  if (!lock.ok)
    return refuse(
      "unprocessable_entity",
      `Invalid value for "query": this view cannot be shared as it is. ${lock.reasons}`,
    );
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= app.clock.now())
    return refuse("unprocessable_entity", `Invalid value for "expiresAt": it is in the past.`);
  const { token, link } = await app.shares.create(granted.target.workspace.id, granted.requester.person.id, {
    name: body.name,
    query: body.query,
    passwordHash: body.password ? await hashPassword(body.password) : null,
    expiresAt,
    allowExport: body.allowExport,
  });
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "share.created", link.name);
  const listed: ListedShare = { ...link, creator_name: granted.requester.person.name, visitors: 0 };
  return json(
    { share: shareJson(app, listed, granted.requester.person.id), url: shareUrl(app.signIn.publicUrl, token) },
    201,
  );
});

/**
 * The link `id` when the requester may act on it: its creator, or (with `othersToo`) anyone who
 * manages every link (owners); else it throws the refusal.
 */
async function shareFor(app: App, granted: Granted, id: string, othersToo: boolean): Promise<ShareLink> {
  const link = await app.shares.get(granted.target.workspace.id, id);
  if (!link) throw refusal("not_found", "There is no such share link.");
  const mine = personId(granted) !== null && link.created_by === personId(granted);
  if (mine) return link;
  if (!allows(granted.access, "manageShares"))
    throw refusal(
      "forbidden",
      "This share link is someone else's: only its creator or an owner may see its opens or revoke it.",
    );
  if (!othersToo)
    throw refusal(
      "forbidden",
      "Only the person who made this link may change its password or expiry; you may revoke it.",
    );
  return link;
}

/** DELETE /api/w/<slug>/shares/<id>: revoked at once (by its creator or an owner); the link answers 403 from then on. */
export const revokeShareRoute = guarded("share", async (granted, app, request, id: string): Promise<Response> => {
  const link = await shareFor(app, granted, id, true);
  if (!(await app.shares.revoke(granted.target.workspace.id, link.id)))
    return refuse("not_found", "There is no such active share link.");
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "share.revoked", link.name);
  return new Response(null, { status: 204 });
});

const updateBody = z.object({
  password: z.optional(z.nullable(password)),
  expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
});

/**
 * PATCH /api/w/<slug>/shares/<id>: another password (null removes it) or expiry (null: never), by
 * the link's creator. A new password locks out whoever unlocked it with the old one.
 */
export const updateShareRoute = guarded("share", async (granted, app, request, id: string): Promise<Response> => {
  const body = await readBody(request, updateBody);
  const link = await shareFor(app, granted, id, false);
  if (link.revoked_at !== null) return refuse("unprocessable_entity", "This link is revoked: make a new one instead.");
  const expiresAt =
    body.expiresAt === undefined ? undefined : body.expiresAt === null ? null : new Date(body.expiresAt);
  if (expiresAt && expiresAt.getTime() <= app.clock.now())
    return refuse("unprocessable_entity", `Invalid value for "expiresAt": it is in the past.`);
  const passwordHash =
    body.password === undefined ? undefined : body.password === null ? null : await hashPassword(body.password);
  if (!(await app.shares.update(granted.target.workspace.id, link.id, { passwordHash, expiresAt })))
    return refuse("not_found", "There is no such active share link.");
  const changes = [
    passwordHash === undefined ? null : passwordHash === null ? "password removed" : "new password",
    expiresAt === undefined ? null : expiresAt === null ? "never expires" : `expires ${expiresAt.toISOString()}`,
  ];
  await recordAudit(
    app,
    request,
    actorOf(granted.requester),
    granted.target.workspace.id,
    "share.updated",
    [link.name, ...changes.filter((c) => c !== null)].join(": "),
  );
  return json({ ok: true });
});

/** GET /api/w/<slug>/shares/<id>/visitors: who opened the link and how often (its creator or an owner); visitors are numbered, nothing else about them is kept. */
export const shareVisitorsRoute = guarded("share", async (granted, app, request, id: string): Promise<Response> => {
  const link = await shareFor(app, granted, id, true);
  const visitors: ShareVisitorJson[] = (await app.shares.visitors(link.id)).map((v, i) => ({
    label: `Visitor ${i + 1}`,
    opens: v.opens,
    firstAt: new Date(v.first_at).toISOString(),
    lastAt: new Date(v.last_at).toISOString(),
  }));
  return json({ visitors });
});

const unlockBody = z.object({ password: z.string().check(z.maxLength(128)) });

/** POST /api/s/<token>/unlock: the link's password, throttled like sign-in; right, a cookie for this link only. */
export const unlockShareRoute = (app: App, request: Request, token: string): Promise<Response> =>
  answered(async () => {
    if (!app.signIn) return refuse("not_found", "Share links need sign-in to be configured.");
    const body = await readBody(request, unlockBody);
    const found = await findShare(app, token);
    if (!found.ok) return refuse(found.closed.code, found.closed.text);
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
    const maxAge = link.expires_at
      ? Math.max(1, Math.floor((new Date(link.expires_at).getTime() - app.clock.now()) / 1000))
      : 7 * 24 * 3600;
    const secure = app.signIn.publicUrl.startsWith("https:");
    return json({ ok: true }, 200, {
      "Set-Cookie": unlockCookie(found.secret, link, Math.min(maxAge, 7 * 24 * 3600), secure),
    });
  });

/** The cookie naming this browser to share links (a random id; each link keeps only a hash of it with the link's id). */
const VISITOR_COOKIE = "linklens_visitor";
const VISITOR_MAX_AGE_S = 180 * 24 * 3600;
const visitorId = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /api/s/<token>/visit: the link's page is open in a browser (sent once per page load, after
 * the password if any). Counts an open per visitor session, not per page load: see ShareLinkStore.visited.
 */
export const shareVisitRoute = (app: App, request: Request, token: string): Promise<Response> =>
  shareVisit(app, request, { kind: "share", token });

const shareVisit = guarded("read", async (granted, app, request): Promise<Response> => {
  if (!granted.link || !app.signIn) return refuse("not_found", "This shared link does not exist.");
  const known = cookieFrom(request.headers.get("cookie"), VISITOR_COOKIE);
  const visitor = known !== null && visitorId.test(known) ? known : newToken();
  const counted = await app.shares.visited(granted.link.id, tokenHash(`${granted.link.id}\n${visitor}`));
  const secure = app.signIn.publicUrl.startsWith("https:") ? "; Secure" : "";
  return json(
    { counted },
    200,
    visitor === known
      ? {}
      : {
          "Set-Cookie": `${VISITOR_COOKIE}=${visitor}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${VISITOR_MAX_AGE_S}${secure}`,
        },
  );
});
