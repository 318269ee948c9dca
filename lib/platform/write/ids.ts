import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `n` random base-62 characters, from the system's cryptographic source. */
export function randomBase62(n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** Ids as the seed writes them (lib/platform/seed/prng.ts): `prefix` + 24 characters; events 16. */
export const newId = (prefix: string) => `${prefix}${randomBase62(24)}`;
export const newEventId = () => randomBase62(16);
