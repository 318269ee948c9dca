import "server-only";
import { sameSecret } from "../http/sameSecret";
import { sign } from "../secrets/tokens";

const PURPOSE = "report-unsubscribe";

/** An unsubscribe token: the schedule and the address, signed with the server secret, so the link works without signing in and names nobody else. */
export function unsubscribeToken(secret: string, scheduleId: string, address: string): string {
  const body = `${scheduleId}.${Buffer.from(address.toLowerCase()).toString("base64url")}`;
  return `${body}.${sign(secret, PURPOSE, body)}`;
}

/** The schedule and address a token names, or null when it was not signed here (or was altered). */
export function readUnsubscribeToken(secret: string, token: string): { scheduleId: string; address: string } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [scheduleId, encoded, signature] = parts;
  if (!sameSecret(signature, sign(secret, PURPOSE, `${scheduleId}.${encoded}`))) return null;
  return { scheduleId, address: Buffer.from(encoded, "base64url").toString("utf8") };
}
