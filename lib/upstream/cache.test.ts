import { describe, expect, it } from "vitest";
import { ResponseCache, type CacheOptions } from "./cache";
import type { UpstreamReply } from "./client";
import { Urgency } from "./urgency";

const reply = (status: number, body = "[]"): UpstreamReply => ({ status, headers: new Headers(), body });
/** A cache whose clock stands still unless a test moves it. */
const cacheAt = (options: Partial<CacheOptions> = {}) => new ResponseCache({ now: () => 0, ...options });

function deferred() {
  let resolve: (value: UpstreamReply) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<UpstreamReply>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("response cache", () => {
  it("says a reply is not kept as soon as it is loaded or joins a load, before it is in; a kept one, never", async () => {
    const cache = cacheAt();
    const gate = deferred();
    const told: string[] = [];
    const get = (label: string) =>
      cache.get(
        "k",
        10_000,
        () => gate.promise,
        undefined,
        undefined,
        () => told.push(label),
      );
    const first = get("loaded");
    const second = get("joined");
    expect(told).toEqual(["loaded", "joined"]);
    gate.resolve(reply(200, "[1]"));
    await Promise.all([first, second]);
    const kept = await get("kept");
    expect(kept.outcome).toBe("hit");
    expect(told).toEqual(["loaded", "joined"]);
  });

  it("answers ten concurrent identical requests with one load", async () => {
    const cache = cacheAt();
    const gate = deferred();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const all = Promise.all(Array.from({ length: 10 }, () => cache.get("k", 10_000, load)));
    gate.resolve(reply(200, "[1]"));
    const results = await all;
    expect(loads).toBe(1);
    expect(results.map((r) => r.outcome).sort()).toEqual(["miss", ...Array<string>(9).fill("shared")]);
    expect(new Set(results.map((r) => r.reply.body))).toEqual(new Set(["[1]"]));
  });

  it("a request joining a load in flight lends it its priority and wait; one asking less changes nothing", async () => {
    const cache = cacheAt();
    const gate = deferred();
    const loading = new Urgency(-10, 10_000);
    const first = cache.get("k", 10_000, () => gate.promise, undefined, loading);
    const lesser = cache.get("k", 10_000, () => gate.promise, undefined, new Urgency(-10, 5_000));
    expect([loading.priority, loading.maxWaitMs]).toEqual([-10, 10_000]);
    const page = cache.get("k", 10_000, () => gate.promise, undefined, new Urgency(10, 30_000));
    expect([loading.priority, loading.maxWaitMs]).toEqual([10, 30_000]);
    gate.resolve(reply(200));
    expect((await Promise.all([first, lesser, page])).map((r) => r.outcome)).toEqual(["miss", "shared", "shared"]);
  });

  it("keeps a 200 for the TTL, then loads again", async () => {
    let now = 0;
    const cache = cacheAt({ now: () => now });
    let loads = 0;
    const load = () => Promise.resolve(reply(200, `[${++loads}]`));
    expect((await cache.get("k", 10_000, load)).outcome).toBe("miss");
    now = 9_999;
    expect(await cache.get("k", 10_000, load)).toMatchObject({ outcome: "hit", reply: { body: "[1]" } });
    now = 10_000;
    expect(await cache.get("k", 10_000, load)).toMatchObject({ outcome: "miss", reply: { body: "[2]" } });
    expect(loads).toBe(2);
  });

  it("keys are separate", async () => {
    const cache = cacheAt();
    let loads = 0;
    const load = () => Promise.resolve(reply(200, `[${++loads}]`));
    await cache.get("a", 10_000, load);
    await cache.get("b", 10_000, load);
    expect(loads).toBe(2);
  });

  it("keeps a 403 (plan too low) like a 200", async () => {
    const cache = cacheAt();
    let loads = 0;
    const load = () => Promise.resolve(reply(403, "{}")).finally(() => loads++);
    await cache.get("k", 10_000, load);
    expect((await cache.get("k", 10_000, load)).outcome).toBe("hit");
    expect(loads).toBe(1);
  });

  it.each([401, 422, 429, 500])("shares but never keeps a %i", async (status) => {
    const cache = cacheAt();
    let loads = 0;
    const load = () => Promise.resolve(reply(status, "{}")).finally(() => loads++);
    const [a, b] = await Promise.all([cache.get("k", 10_000, load), cache.get("k", 10_000, load)]);
    expect([a.reply.status, b.reply.status, loads]).toEqual([status, status, 1]);
    await cache.get("k", 10_000, load);
    expect(loads).toBe(2);
    expect((await cache.get("k", 10_000, load)).outcome).toBe("miss");
  });

  it("hands a failure to every waiter and forgets it", async () => {
    const cache = cacheAt();
    const gate = deferred();
    const waiting = Promise.allSettled([
      cache.get("k", 10_000, () => gate.promise),
      cache.get("k", 10_000, () => gate.promise),
    ]);
    gate.reject(new Error("unreachable"));
    expect((await waiting).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((await cache.get("k", 10_000, () => Promise.resolve(reply(200)))).outcome).toBe("miss");
  });

  it("with a zero TTL only deduplicates", async () => {
    const cache = cacheAt();
    let loads = 0;
    const load = () => Promise.resolve(reply(200)).finally(() => loads++);
    await cache.get("k", 0, load);
    await cache.get("k", 0, load);
    expect(loads).toBe(2);
  });

  it("evicts the oldest entries beyond its size bound", async () => {
    const cache = cacheAt({ maxBytes: 100 });
    const body = "x".repeat(20);
    for (const key of ["a", "b", "c"]) await cache.get(key, 10_000, () => Promise.resolve(reply(200, body)));
    const kept = await Promise.all(
      ["b", "c"].map((key) => cache.get(key, 10_000, () => Promise.resolve(reply(200, body)))),
    );
    expect(kept.map((r) => r.outcome)).toEqual(["hit", "hit"]);
    let loads = 0;
    await cache.get("a", 10_000, () => Promise.resolve(reply(200, body)).finally(() => loads++));
    expect(loads).toBe(1);
  });

  describe("callers that go away", () => {
    /** A load that records the signal it was given and answers when told. */
    function watchedLoad() {
      const gate = deferred();
      const signals: AbortSignal[] = [];
      const load = (signal: AbortSignal) => {
        signals.push(signal);
        return gate.promise;
      };
      return { gate, signals, load };
    }

    it("one waiter leaving gets its abort; the load goes on for the others", async () => {
      const cache = cacheAt();
      const { gate, signals, load } = watchedLoad();
      const leaving = new AbortController();
      const left = cache.get("k", 10_000, load, leaving.signal);
      const staying = cache.get("k", 10_000, load, new AbortController().signal);
      leaving.abort();
      await expect(left).rejects.toMatchObject({ name: "AbortError" });
      expect(signals).toHaveLength(1);
      expect(signals[0].aborted).toBe(false);
      gate.resolve(reply(200, "[1]"));
      expect(await staying).toMatchObject({ outcome: "shared", reply: { body: "[1]" } });
    });

    it("the last waiter leaving cancels the load with its reason, and the next request loads afresh", async () => {
      const cache = cacheAt();
      const { signals, load } = watchedLoad();
      const a = new AbortController();
      const b = new AbortController();
      const waiting = Promise.allSettled([
        cache.get("k", 10_000, load, a.signal),
        cache.get("k", 10_000, load, b.signal),
      ]);
      a.abort();
      expect(signals[0].aborted).toBe(false);
      const reason = Object.assign(new Error("client went away"), { name: "ResponseAborted" });
      b.abort(reason);
      expect(signals[0].aborted).toBe(true);
      expect(signals[0].reason).toBe(reason);
      expect((await waiting).map((r) => r.status)).toEqual(["rejected", "rejected"]);
      const again = cache.get("k", 10_000, (signal) =>
        Promise.resolve(reply(200, "[2]")).finally(() => signals.push(signal)),
      );
      expect(await again).toMatchObject({ outcome: "miss", reply: { body: "[2]" } });
      expect(signals).toHaveLength(2);
      expect(signals[1].aborted).toBe(false);
    });

    it("a waiter without a signal keeps the load alive", async () => {
      const cache = cacheAt();
      const { gate, signals, load } = watchedLoad();
      const steady = cache.get("k", 10_000, load);
      const leaving = new AbortController();
      const left = cache.get("k", 10_000, load, leaving.signal);
      leaving.abort();
      await expect(left).rejects.toMatchObject({ name: "AbortError" });
      expect(signals[0].aborted).toBe(false);
      gate.resolve(reply(200));
      expect((await steady).outcome).toBe("miss");
    });

    it("a caller already gone starts no load", async () => {
      const cache = cacheAt();
      const { signals, load } = watchedLoad();
      await expect(cache.get("k", 10_000, load, AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
      expect(signals).toHaveLength(0);
    });
  });
});
