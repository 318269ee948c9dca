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

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * `prefix` + 26 characters that sort by creation time, as the hosted platform mints ids (a ULID:
 * 10 Crockford base-32 characters of the millisecond, then 16 random ones). Seeded ids keep
 * their own form; lists order by creation time, ties by id, so both page alike.
 */
export function newTimeId(prefix: string, at: Date): string {
  let ms = Math.max(0, Math.floor(at.getTime()));
  let time = "";
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  let random = "";
  for (let i = 0; i < 16; i++) random += CROCKFORD[randomInt(32)];
  return `${prefix}${time}${random}`;
}
