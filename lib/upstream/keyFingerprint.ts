import { createHash } from "node:crypto";

/** Names a platform + key pair in cache keys and budget lookups without holding the key itself. */
export function keyFingerprint(baseUrl: string, apiKey: string): string {
  return createHash("sha256").update(`${baseUrl}\n${apiKey}`).digest("hex").slice(0, 32);
}
