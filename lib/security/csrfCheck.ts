import { sameSecret } from "../http/sameSecret";

/** The header matches the cookie (both present, equal, of the token's shape). Server only (./csrf.ts's names are the page's too). */
export function csrfMatches(cookie: string | undefined, header: string | null): boolean {
  if (!cookie || !header || !/^[0-9a-f]{48}$/.test(cookie)) return false;
  return sameSecret(header, cookie);
}
