import { describe, expect, it } from "vitest";
import type { Db, Row } from "../query/db";
import { INVALID_KEY, KeyResolver, MAX_UNKNOWN_KEYS, UNKNOWN_KEY_TTL_MS } from "./auth";

/** A store without keys that counts its lookups. */
class EmptyStore implements Db {
  lookups = 0;
  async all(): Promise<Row[]> {
    this.lookups += 1;
    return [];
  }
}

const bearer = (key: string) => `Bearer ${key}`;

describe("KeyResolver: unknown keys", () => {
  it("remembers an unknown key for UNKNOWN_KEY_TTL_MS, then looks it up again", async () => {
    const store = new EmptyStore();
    let now = 0;
    const keys = new KeyResolver(store, () => now);
    expect(await keys.authenticate(bearer("nope"))).toEqual({ ok: false, message: INVALID_KEY });
    now = UNKNOWN_KEY_TTL_MS - 1;
    expect(await keys.authenticate(bearer("nope"))).toEqual({ ok: false, message: INVALID_KEY });
    expect(store.lookups).toBe(1);
    now = UNKNOWN_KEY_TTL_MS;
    await keys.authenticate(bearer("nope"));
    expect(store.lookups).toBe(2);
  });

  it(`keeps at most ${MAX_UNKNOWN_KEYS} unknown keys, forgetting the oldest first`, async () => {
    const store = new EmptyStore();
    const keys = new KeyResolver(store, () => 0);
    for (let i = 0; i <= MAX_UNKNOWN_KEYS; i++) await keys.authenticate(bearer(`random_${i}`));
    expect(store.lookups).toBe(MAX_UNKNOWN_KEYS + 1);
    await keys.authenticate(bearer(`random_${MAX_UNKNOWN_KEYS}`));
    await keys.authenticate(bearer("random_1"));
    expect(store.lookups).toBe(MAX_UNKNOWN_KEYS + 1);
    await keys.authenticate(bearer("random_0"));
    expect(store.lookups).toBe(MAX_UNKNOWN_KEYS + 2);
  });

  it("never remembers a missing or malformed header as a key", async () => {
    const store = new EmptyStore();
    const keys = new KeyResolver(store, () => 0);
    expect((await keys.authenticate(undefined)).ok).toBe(false);
    expect((await keys.authenticate("Basic abc")).ok).toBe(false);
    expect(store.lookups).toBe(0);
  });
});
