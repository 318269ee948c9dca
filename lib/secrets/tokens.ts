import "server-only";
import { createHash, createHmac, randomBytes } from "node:crypto";

/** A bearer token for a link (setup, invitation, share): 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, so a leaked table opens nothing. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newId(): string {
  return randomBytes(12).toString("base64url");
}

/** HMAC-SHA-256 of `message` under a key derived for `purpose`, base64url. */
export function sign(secret: string, purpose: string, message: string): string {
  return createHmac("sha256", `${purpose}\n${secret}`).update(message).digest("base64url");
}
