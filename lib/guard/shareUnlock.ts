import "server-only";
import type { ShareLink } from "../db/schema";
import { cookieFrom } from "../http/cookies";
import { sameSecret } from "../http/sameSecret";
import { sign } from "../secrets/tokens";

/** The cookie that proves a share link's password was given, per link (so opening one does not open another). */
export function unlockCookieName(link: Pick<ShareLink, "id">): string {
  return `linklens_share_${link.id}`;
}

/** Bound to the link and its password hash: a changed password or another link's cookie proves nothing. */
export function unlockValue(secret: string, link: Pick<ShareLink, "id" | "password_hash">): string {
  return sign(secret, "share-unlock", `${link.id}\n${link.password_hash ?? ""}`);
}

export function isUnlocked(request: Request, secret: string, link: Pick<ShareLink, "id" | "password_hash">): boolean {
  if (link.password_hash === null) return true;
  const value = cookieFrom(request.headers.get("cookie"), unlockCookieName(link));
  return value !== null && sameSecret(value, unlockValue(secret, link));
}
