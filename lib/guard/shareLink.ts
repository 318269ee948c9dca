import "server-only";
import type { Access } from "../access/access";
import type { ErrorCode } from "../contract/errors";
import { rawParams } from "../contract/params";
import { readEventsQuery, type CommonQuery } from "../contract/query";
import type { App } from "../dashboard/dashboardApp";
import type { ShareLink } from "../db/schema";
import { cookieFrom } from "../http/cookies";
import { sameSecret } from "../http/sameSecret";
import { sign } from "../secrets/tokens";
import type { ShareGone } from "../store/shareLinks";
import type { WorkspaceTarget } from "../workspaces/registry";

/**
 * The share-link path, in one place: finding a link by its token, proving its password, reading
 * the view it locks, and `openShare`, the one routine the page (/s/<token>) and the API
 * (/api/s/<token>/…, through `accessFor`) both open a link with, so they refuse the same links for
 * the same reasons in the same words. The lock's rules themselves are lib/access/shareLock.ts
 * (the pages read them too); a link's own rate budget is ./shareAllowance.ts.
 */

/** Why a link does not open, as its page and the API say it (and the API's status for it). */
export interface ShareClosed {
  code: Extract<ErrorCode, "not_found" | "forbidden">;
  text: string;
}

/** Why a share link no longer opens, as its page and the API say it. */
export const SHARE_GONE: Record<ShareGone, ShareClosed> = {
  unknown: { code: "not_found", text: "This shared link does not exist." },
  revoked: { code: "forbidden", text: "This shared link has been revoked." },
  expired: { code: "forbidden", text: "This shared link has expired." },
  workspace_deleted: {
    code: "forbidden",
    text: "This shared link no longer works: its workspace was deleted. Ask the person who shared it for a new link.",
  },
};

const NO_SIGN_IN: ShareClosed = { code: "not_found", text: "Share links need sign-in to be configured." };
const NO_WORKSPACE: ShareClosed = { code: "not_found", text: "This shared link's workspace no longer exists." };

/** The link a token names while it may still open (sign-in configured, not revoked, expired or orphaned), with the server secret its unlock cookie is signed with. */
export async function findShare(
  app: App,
  token: string,
): Promise<{ ok: true; link: ShareLink; secret: string } | { ok: false; closed: ShareClosed }> {
  if (!app.signIn) return { ok: false, closed: NO_SIGN_IN };
  const found = await app.shares.find(token);
  if (!found.ok) return { ok: false, closed: SHARE_GONE[found.reason] };
  return { ok: true, link: found.link, secret: app.signIn.secret };
}

// ---- The password: a cookie per link, proving it was given ----

/** The cookie that proves a share link's password was given, per link (so opening one does not open another). */
function unlockCookieName(link: Pick<ShareLink, "id">): string {
  return `linklens_share_${link.id}`;
}

/** Bound to the link and its password hash: a changed password or another link's cookie proves nothing. */
function unlockValue(secret: string, link: Pick<ShareLink, "id" | "password_hash">): string {
  return sign(secret, "share-unlock", `${link.id}\n${link.password_hash ?? ""}`);
}

/** Whether the request may see the link: it has no password, or the request carries this link's unlock cookie. */
function isUnlocked(headers: Headers, secret: string, link: Pick<ShareLink, "id" | "password_hash">): boolean {
  if (link.password_hash === null) return true;
  const value = cookieFrom(headers.get("cookie"), unlockCookieName(link));
  return value !== null && sameSecret(value, unlockValue(secret, link));
}

/** The Set-Cookie value that unlocks `link` for this browser, once its password was given. */
export function unlockCookie(
  secret: string,
  link: Pick<ShareLink, "id" | "password_hash">,
  maxAgeS: number,
  secure: boolean,
): string {
  return `${unlockCookieName(link)}=${unlockValue(secret, link)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure ? "; Secure" : ""}`;
}

// ---- The view a link locks ----

/**
 * The view a link is made of, as the contract reads it (its filters, range and zone), or why it
 * does not read: a lock with a filter dropped would serve more than was shared, so it fails closed.
 */
export function readLock(query: string): { ok: true; lock: CommonQuery } | { ok: false; reasons: string } {
  const { query: lock, problems } = readEventsQuery(rawParams(new URLSearchParams(query)), { perKind: false });
  return problems.length === 0
    ? { ok: true, lock }
    : { ok: false, reasons: problems.map((problem) => problem.message).join(" ") };
}

/** What a link whose stored view no longer reads answers: nothing rather than more than it shares. */
export function unreadableLock(reasons: string): string {
  return `This shared link's view can no longer be read (${reasons}), so it shows nothing; its owner can share the view again.`;
}

// ---- Opening a link: the page and the API ----

export type ShareAccess = Extract<Access, { kind: "share" }>;

export type ShareOpening =
  | { kind: "closed"; closed: ShareClosed }
  | { kind: "password"; link: ShareLink }
  | { kind: "open"; link: ShareLink; lock: CommonQuery; access: ShareAccess; target: WorkspaceTarget };

/**
 * Opens the link `token` for a request with these headers, in this order: the link exists and may
 * still open; its password was given (before anything of its view is read); its view reads; its
 * workspace is there. Every share-link request, the page's and the API's, passes here first.
 */
export async function openShare(app: App, headers: Headers, token: string): Promise<ShareOpening> {
  const found = await findShare(app, token);
  if (!found.ok) return { kind: "closed", closed: found.closed };
  const { link } = found;
  if (!isUnlocked(headers, found.secret, link)) return { kind: "password", link };
  const read = readLock(link.query);
  if (!read.ok) return { kind: "closed", closed: { code: "forbidden", text: unreadableLock(read.reasons) } };
  const target = await app.registry.byId(link.workspace_id);
  if (!target) return { kind: "closed", closed: NO_WORKSPACE };
  const access: ShareAccess = {
    kind: "share",
    workspaceId: link.workspace_id,
    linkId: link.id,
    allowExport: link.allow_export,
  };
  return { kind: "open", link, lock: read.lock, access, target };
}
