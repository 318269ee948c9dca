import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UpstreamReply } from "../client";
import type { KeyBudget } from "../keyBudgets";
import { onRedis, type OnRedis } from "../replicaParts";
import { FakeClock } from "../testing/fakeClock";
import { quiet, until } from "../testing/quiet";
import { startRedis, type RunningRedis } from "../testing/redisServer";
import { startTcpTap } from "../testing/tcpTap";
import { graceMs, SharedGate } from "./sharedGate";
import { CLOCK_GRAIN_MS } from "../keyWindow";
import { HOST_CLOCK_SKEW_MS, IN_FLIGHT_RECHECK_MS } from "./sharedWindow";

/**
 * Replicas' rate budgets sharing one real redis-server, on one FakeClock: the platform's answers
 * are stubs (no rate headers), so each key keeps the guessed limit, 2 per second, counted over the
 * key's span (../keyWindow.ts) and, in the window the replicas share, the hosts' clock skew.
 */
const LIMIT = 2;
/** What a key's own window asks a gate (a second and a clock's grain). */
const KEY_SPAN_MS = 1_000 + CLOCK_GRAIN_MS;
/** What the shared window counts over. */
const SPAN_MS = KEY_SPAN_MS + HOST_CLOCK_SKEW_MS;
/**
 * The platform's window. A request leaves when Redis's answer arrives, which here is up to a
 * clock step (10 ms) after the instant the shared window recorded; the span's margin covers that.
 */
const PLATFORM_WINDOW_MS = 1_000;
const OK: UpstreamReply = { status: 200, headers: new Headers(), body: "[]" };

interface Sent {
  replica: number;
  at: number;
}

/** The most requests any window of `windowMs` holds. */
function busiest(sent: readonly Sent[], windowMs: number): number {
  const times = sent.map((s) => s.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j] - times[i] >= windowMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe("replicas' rate budgets on Redis", () => {
  let redis: RunningRedis;
  let clock: FakeClock;
  let replicas: OnRedis[];
  let warnings: string[];
  let sent: Sent[];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  beforeEach(async () => {
    // A test that killed it may have left it down.
    if (redis.pid === undefined) await redis.restart();
    await redis.flush();
    clock = new FakeClock();
    warnings = [];
    sent = [];
    replicas = [];
  });
  afterEach(() => {
    for (const replica of replicas) replica.close();
  });

  function start(count: number, url = redis.url): OnRedis[] {
    const started = Array.from({ length: count }, () =>
      onRedis(url, count, clock, (message) => warnings.push(message)),
    );
    replicas.push(...started);
    return started;
  }
  const links = () => replicas.map((r) => r.link);
  const budgetOf = (replica: OnRedis): KeyBudget => replica.budgets.forKey("https://api.example.com", "k_shared");
  const send = (replica: number) => () => {
    sent.push({ replica, at: clock.now() });
    return Promise.resolve(OK);
  };
  /** Moves the clock in 10 ms steps, letting every Redis answer arrive after each (unless none can: Redis's answers are held). */
  async function advance(ms: number, answersArrive = true): Promise<void> {
    for (let moved = 0; moved < ms; moved += 10) {
      await clock.advance(Math.min(10, ms - moved));
      if (answersArrive) await quiet(links());
    }
  }

  it("the sum over replicas never exceeds the key's limit in any span, and every request is answered", async () => {
    const three = start(3);
    await quiet(links());
    const answers = three.flatMap((replica, r) => Array.from({ length: 4 }, () => budgetOf(replica).schedule(send(r))));
    await advance(6_000);
    const statuses = await Promise.all(answers.map(async (a) => (await a).status));
    expect(statuses).toEqual(Array<number>(12).fill(200));
    expect(sent).toHaveLength(12);
    expect(busiest(sent, PLATFORM_WINDOW_MS)).toBe(LIMIT);
    // Every replica had a share: none waited for the others' queues to empty.
    expect(new Set(sent.slice(0, 6).map((s) => s.replica)).size).toBeGreaterThan(1);
  });

  it("a turn in flight fills the window whenever asked; once its reply came, it counts from that instant", async () => {
    const [one] = start(1);
    await quiet(links());
    const gate = new SharedGate("k_left", { link: one.link, slot: one.slot, clock, replicaId: "replica" });
    const ask = (now: number) => gate.pass({ now, limit: 1, spanMs: KEY_SPAN_MS });
    const first = await ask(0);
    expect(first.granted).toBe(true);
    // Still in flight a span later (a busy event loop, a slow platform): ask again soon, not a span after it left.
    expect(await ask(SPAN_MS)).toEqual({ granted: false, retryAt: SPAN_MS + IN_FLIGHT_RECHECK_MS });
    // Its reply came at 300: it reached the platform by then.
    if (first.granted) first.settled?.(300);
    await quiet(links());
    expect(await ask(SPAN_MS)).toEqual({ granted: false, retryAt: 300 + SPAN_MS });
    expect((await ask(300 + SPAN_MS)).granted).toBe(true);
  });

  it("each replica holds its own place among the replicas", async () => {
    const three = start(3);
    await quiet(links());
    expect(three.map((r) => r.slot.share.index).sort()).toEqual([0, 1, 2]);
    expect(warnings).toEqual([]);
  });

  it("Redis killed: no request fails, each replica keeps to 1/N of the limit and together they stay within it; back to Redis once it returns", async () => {
    const three = start(3);
    await quiet(links());
    const before = three.map((replica, r) => budgetOf(replica).schedule(send(r)));
    await advance(2_000);
    expect((await Promise.all(before)).map((r) => r.status)).toEqual([200, 200, 200]);

    await redis.kill();
    await until(() => links().every((link) => link.outageSince !== undefined));
    const outageAt = clock.now();
    const fromOutage = sent.length;
    const during = three.flatMap((replica, r) => Array.from({ length: 3 }, () => budgetOf(replica).schedule(send(r))));
    await advance(7_000);
    expect((await Promise.all(during)).map((r) => r.status)).toEqual(Array<number>(9).fill(200));
    const alone = sent.slice(fromOutage);
    // Nothing left within a span of the outage's start: the shared window's last requests had that span.
    expect(Math.min(...alone.map((s) => s.at))).toBeGreaterThanOrEqual(outageAt + SPAN_MS);
    expect(busiest(sent, PLATFORM_WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
    for (let r = 0; r < 3; r++) {
      const own = alone.filter((s) => s.replica === r).map((s) => s.at);
      // One turn in three, the turns SPAN_MS / LIMIT apart: 1/3 of the limit.
      for (let i = 1; i < own.length; i++) expect(own[i] - own[i - 1]).toBeGreaterThanOrEqual((3 * SPAN_MS) / LIMIT);
    }
    expect(warnings.filter((w) => w.includes("Redis is unreachable"))).toHaveLength(3);
    expect(warnings.join("\n")).not.toContain(redis.url);

    await redis.restart();
    // Health checks back off on the clock: within 2 s of each other at most.
    await advance(4_000);
    expect(links().every((link) => link.outageSince === undefined && link.recoveredAt !== undefined)).toBe(true);
    expect(warnings.filter((w) => w.includes("reachable again"))).toHaveLength(3);

    // Past the grace period, one replica alone may spend the whole window again.
    await advance(graceMs(SPAN_MS));
    const fromShared = sent.length;
    const after = Array.from({ length: 2 }, () => budgetOf(three[0]).schedule(send(0)));
    await advance(100);
    expect((await Promise.all(after)).map((r) => r.status)).toEqual([200, 200]);
    expect(sent.slice(fromShared)).toHaveLength(2);
    expect(busiest(sent, PLATFORM_WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
  });

  it("Redis too slow to answer counts as an outage: the request still leaves, on the replica's own turns", async () => {
    const tapOptions = { holdAnswers: false };
    const tap = await startTcpTap(redis.url.replace("redis:", "http:"), tapOptions);
    try {
      const [alone] = start(1, tap.url.replace("http:", "redis:"));
      await quiet(links());
      expect(alone.link.outageSince).toBeUndefined();
      // From now on Redis's answers are held: its commands time out on the clock.
      tapOptions.holdAnswers = true;
      const answer = budgetOf(alone).schedule(send(0));
      await advance(3_000, false);
      expect((await answer).status).toBe(200);
      expect(alone.link.outageSince).toBeDefined();
      expect(warnings).toEqual([
        expect.stringMatching(
          /^\[linklens\] Redis is unreachable \(timeout\): until it is back, this replica keeps its own response cache and its own rate budget at 1\/1 of each key's limit\.$/,
        ),
      ]);
    } finally {
      await tap.close();
    }
  });
});
