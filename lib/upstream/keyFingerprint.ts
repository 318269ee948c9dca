import { createHash } from "node:crypto";

/** Fingerprints made so far: a process serves a handful of platform + key pairs, each asked for on every request. */
const made = new Map<string, string>();
/** Past this many pairs (keys rotated again and again) the oldest are forgotten. */
const MAX_KEPT = 256;

/** Names a platform + key pair in cache keys and budget lookups without holding the key itself. */
export function keyFingerprint(baseUrl: string, apiKey: string): string {
  const pair = `${baseUrl}\n${apiKey}`;
  let fingerprint = made.get(pair);
  if (fingerprint === undefined) {
    fingerprint = createHash("sha256").update(pair).digest("hex").slice(0, 32);
    if (made.size >= MAX_KEPT) made.delete(made.keys().next().value as string);
    made.set(pair, fingerprint);
  }
  return fingerprint;
}
