import "server-only";
import type { ShareLink } from "../db/schema";
import { sameText, sign } from "../secrets/tokens";

/** The cookie that proves a share link's password was given, per link (so opening one does not open another). */
export function unlockCookieName(link: Pick<ShareLink, "id">): string {
  return `linklens_share_${link.id}`;
}

/** Bound to the link and its password hash: a changed password or another link's cookie proves nothing. */
export function unlockValue(secret: string, link: Pick<ShareLink, "id" | "password_hash">): string {
  return sign(secret, "share-unlock", `${link.id}\n${link.password_hash ?? ""}`);
}

export function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

export function isUnlocked(request: Request, secret: string, link: Pick<ShareLink, "id" | "password_hash">): boolean {
  if (link.password_hash === null) return true;
  const value = cookieValue(request, unlockCookieName(link));
  return value !== null && sameText(value, unlockValue(secret, link));
}
