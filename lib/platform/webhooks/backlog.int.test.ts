import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { TestClock } from "../testing/clock";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { settled } from "../testing/writerFixture";
import { RETRY_BASE_MS } from "./queue";

/**
 * Under load, deliveries pile up faster than a receiver takes them: a backlog kept in the store,
 * which drains once the receiver keeps up, every due delivery sent (and retried per the spec when
 * it failed), none lost. The receiver here stalls while a burst of clicks is written, then answers,
 * failing one first attempt in four.
 */

const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const BURST = 300;

describe("a webhook backlog under load", () => {
  let live: WritablePlatform;
  let clock: TestClock;
  /** While set, every send waits for it. */
  let stall: Promise<void> | null = null;
  let resume: () => void = () => {};
  let firstSend: () => void = () => {};
  const sent: string[] = [];
  /** The envelope ids answered 2xx, in order. */
  const delivered: string[] = [];
  const attemptsOf = new Map<string, number>();

  const queueState = async (linkId: string) => {
    const conn = await live.platform.connect();
    try {
      const reader = await conn.runAndReadAll(
        `SELECT status, count(*)::INTEGER AS n, sum(attempts)::INTEGER AS attempts FROM webhook_deliveries
WHERE json_extract_string(body, '$.data.link.id') = $link GROUP BY status ORDER BY status`,
        { link: linkId },
      );
      return Object.fromEntries(
        reader.getRowObjectsJS().map((row) => [row.status, { n: row.n, attempts: row.attempts }]),
      );
    } finally {
      conn.closeSync();
    }
  };

  beforeAll(async () => {
    clock = new TestClock(new Date());
    live = await startWritable(
      {},
      {
        now: clock.now,
        timers: clock,
        send: async (_url, init) => {
          const body = String(init.body);
          sent.push(body);
          if (sent.length === 1) firstSend();
          if (stall) await stall;
          const id = (JSON.parse(body) as { id: string }).id;
          const attempt = (attemptsOf.get(id) ?? 0) + 1;
          attemptsOf.set(id, attempt);
          // One delivery in four fails its first attempt.
          const failing = attempt === 1 && Number.parseInt(id.slice(-2), 36) % 4 === 0;
          if (!failing) delivered.push(id);
          return new Response("{}", { status: failing ? 503 : 200 });
        },
      },
    );
  });
  afterAll(async () => {
    resume();
    await live?.close();
  });

  // 300 visits and their deliveries, two pages of the sender's: longer than the suite's default on a shared machine.
  it("keeps every due delivery queued while the receiver stalls, then sends each once it answers, retrying the failed ones", {
    timeout: 90_000,
  }, async () => {
    const res = await live.request("/webhooks", {
      body: { url: "http://receiver.invalid/slow", triggers: ["link.clicked"], secret: "a-test-secret-of-some-length" },
    });
    expect(res.status).toBe(201);
    const link = (await live.request("/links", { body: { url: "https://example.com/burst" } })).body as LinkRecord;

    stall = new Promise<void>((done) => (resume = done));
    const sending = new Promise<void>((done) => (firstSend = done));
    await Promise.all(
      Array.from({ length: BURST }, async () => {
        const visit = await live.request(`/r/${link.domain}/${link.key}`, {
          key: null,
          headers: { "User-Agent": DESKTOP },
        });
        expect(visit.status).toBe(302);
      }),
    );
    await live.platform.drain();
    await sending;

    // Stalled: at most a pass's worth in flight, every other delivery waiting in the queue, none lost.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(32);
    expect(await queueState(link.id)).toEqual({ pending: { n: BURST, attempts: 0 } });

    stall = null;
    resume();
    await settled(live);
    // The receiver keeps up again: the backlog drained; a failed first attempt waits for its retry, 1 s later.
    const failedFirst = [...attemptsOf.values()].length - delivered.length;
    expect(attemptsOf.size).toBe(BURST);
    expect(failedFirst).toBeGreaterThan(0);
    expect(await queueState(link.id)).toEqual({
      delivered: { n: BURST - failedFirst, attempts: BURST - failedFirst },
      pending: { n: failedFirst, attempts: failedFirst },
    });

    clock.advance(RETRY_BASE_MS);
    await settled(live);
    expect(await queueState(link.id)).toEqual({ delivered: { n: BURST, attempts: BURST + failedFirst } });
    // Each delivery answered 2xx exactly once.
    expect(new Set(delivered).size).toBe(BURST);
    expect(delivered).toHaveLength(BURST);
  });
});
