import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/**
 * Whether two secrets (tokens, passwords, signatures) are the same text, in time that depends on
 * neither: both are hashed to 32 bytes first, so not even their lengths show. The one constant-time
 * comparison of the codebase; server code only.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
