import { DuckDBInstance } from "@duckdb/node-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestClock } from "../testing/clock";
import { SLOW_SQL } from "../testing/stallingDb";
import { createPool, type Pool } from "./pool";
import { PoolBusy } from "./poolBusy";

/**
 * The pool's bounds and cancellation on a real DuckDB (in memory): a statement that cannot get a
 * connection in time is refused, one whose signal aborts leaves the wait or is interrupted, and
 * the interrupted connection serves the next statement as if nothing happened. Waits are moved
 * by the test's clock; only DuckDB's own stopping takes real (milliseconds of) time.
 */

const MAX_WAIT_MS = 2000;

let instance: DuckDBInstance;
let clock: TestClock;
let pool: Pool;

async function open(size: number, maxWaiting: number): Promise<Pool> {
  pool = await createPool(instance, (i) => i.connect(), { size, maxWaiting, maxWaitMs: MAX_WAIT_MS, timers: clock });
  return pool;
}

const one = async (p: Pool, signal?: AbortSignal) => (await p.all("SELECT 42 AS answer", {}, signal))[0]?.answer;
/** How a promise ended: its value, or the reason it was rejected. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (reason: unknown) => ({ reason }),
  );

beforeEach(async () => {
  instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  clock = new TestClock(new Date("2026-06-01T00:00:00Z"));
});

afterEach(() => {
  pool?.close();
  instance.closeSync();
});

describe("a running statement whose signal aborts", () => {
  it("is interrupted, rejects with the signal's reason, and its connection serves the next statement", async () => {
    const p = await open(1, 8);
    const request = new AbortController();
    const slow = outcome(p.all(SLOW_SQL, {}, request.signal));
    const gone = new Error("client gone");
    request.abort(gone);
    expect(await slow).toEqual({ reason: gone });
    expect(p.stats()).toEqual({ idle: 1, leased: 0, waiting: 0 });
    expect(await one(p)).toBe(42);
    // The prepared slow statement is reused, and runs (and stops) again on the same connection.
    const again = new AbortController();
    const second = outcome(p.all(SLOW_SQL, {}, again.signal));
    again.abort("again");
    expect(await second).toEqual({ reason: "again" });
    expect(await one(p)).toBe(42);
  });

  it("is interrupted even when the abort comes before DuckDB started it (the interrupt is repeated)", async () => {
    const p = await open(1, 8);
    for (let i = 0; i < 5; i++) {
      const request = new AbortController();
      const slow = outcome(p.all(SLOW_SQL, {}, request.signal));
      request.abort(`round ${i}`);
      expect(await slow).toEqual({ reason: `round ${i}` });
    }
    expect(await one(p)).toBe(42);
  });

  it("an already aborted signal runs nothing", async () => {
    const p = await open(1, 8);
    expect(await outcome(p.all(SLOW_SQL, {}, AbortSignal.abort("too late")))).toEqual({ reason: "too late" });
    expect(p.stats().idle).toBe(1);
  });
});

describe("the waiting list", () => {
  it(`refuses a statement at once when the list is full, and one that waited ${MAX_WAIT_MS} ms`, async () => {
    const p = await open(1, 2);
    const holder = new AbortController();
    const slow = outcome(p.all(SLOW_SQL, {}, holder.signal));
    const first = outcome(one(p));
    const second = outcome(one(p));
    expect(p.stats()).toEqual({ idle: 0, leased: 1, waiting: 2 });

    const full = await outcome(one(p));
    expect(full).toEqual({ reason: expect.any(PoolBusy) });
    expect(full).toMatchObject({ reason: { why: "full", retryAfterSeconds: 2 } });

    clock.advance(MAX_WAIT_MS - 1);
    expect(p.stats().waiting).toBe(2);
    clock.advance(1);
    expect(await first).toMatchObject({ reason: { why: "waited", retryAfterSeconds: 2 } });
    expect(await second).toMatchObject({ reason: { why: "waited" } });
    expect(p.stats().waiting).toBe(0);

    holder.abort("done");
    await slow;
    expect(await one(p)).toBe(42);
  });

  it("a waiting statement whose signal aborts leaves the list; the others keep their turn", async () => {
    const p = await open(1, 4);
    const holder = new AbortController();
    const slow = outcome(p.all(SLOW_SQL, {}, holder.signal));
    const leaving = new AbortController();
    const left = outcome(one(p, leaving.signal));
    const staying = one(p);
    expect(p.stats().waiting).toBe(2);
    leaving.abort("left");
    expect(await left).toEqual({ reason: "left" });
    expect(p.stats().waiting).toBe(1);
    holder.abort("done");
    await slow;
    expect(await staying).toBe(42);
    // Its wait's timer was cancelled with it: passing the longest wait refuses nothing now.
    clock.advance(MAX_WAIT_MS);
    expect(p.stats()).toEqual({ idle: 1, leased: 0, waiting: 0 });
  });

  it("building derived state at open waits as long as it takes", async () => {
    const p = await open(1, 0);
    const holder = new AbortController();
    const slow = outcome(p.all(SLOW_SQL, {}, holder.signal));
    const built = p.run("CREATE TABLE t AS SELECT 1 AS x");
    clock.advance(10 * MAX_WAIT_MS);
    holder.abort("done");
    await slow;
    await built;
    expect((await p.all("SELECT x FROM t", {}))[0]?.x).toBe(1);
  });
});
