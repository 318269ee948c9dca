import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testClick } from "../testing/writerFixture";
import type { EventRow } from "./eventRows";
import { ROLLUP_BATCH, ROLLUP_DELAY_MS, ROLLUP_MAX_DEFER_MS, RollupFeed } from "./rollupFeed";
import type { WriteConn } from "./writeConn";

const LINK = { id: "link_1", workspaceId: "ws_1", url: "https://example.com" };
const click = (id: string): EventRow => ({ kind: "clicks", row: testClick(id, LINK) });

/** A derived connection that only counts what reaches it: the rows staged and the catch-ups sent. */
function countingConn() {
  const seen = { staged: 0, catchUps: 0 };
  const conn: WriteConn = {
    async run(sql) {
      if (sql.includes("INSERT INTO")) seen.catchUps += 1;
    },
    async all() {
      return [];
    },
    async runPrepared() {},
    async allPrepared() {
      return [];
    },
    async append(_table, _catalog, rows) {
      seen.staged += rows.length;
    },
  };
  return { conn, seen };
}

/** A feed whose writer's turn is the test's: `burst` says whether writes are still coming. */
function harness() {
  const { conn, seen } = countingConn();
  const state = { burst: true, turns: 0 };
  const feed: RollupFeed = new RollupFeed(
    conn,
    "linklens_rollups",
    () => {
      state.turns += 1;
      void feed.rollUp(true);
    },
    1_000_000,
    () => state.burst,
  );
  return { feed, seen, state };
}

describe("RollupFeed: the catch-up during a burst of writes", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("takes a lone write's events at once", async () => {
    const { feed, seen } = harness();
    feed.add([click("c1")]);
    await feed.rollUp(false, false);
    expect(seen).toEqual({ staged: 1, catchUps: 1 });
    expect(feed.pending).toBe(false);
  });

  it("waits while the burst goes on, then catches up every event once it ended", async () => {
    const { feed, seen, state } = harness();
    for (let i = 0; i < 5; i += 1) {
      feed.add([click(`c${i}`)]);
      await feed.rollUp(false, true);
      await vi.advanceTimersByTimeAsync(ROLLUP_DELAY_MS / 2);
    }
    // 2.5 s of writes: nothing sent to the rollups yet.
    expect(seen.catchUps).toBe(0);
    expect(feed.pending).toBe(true);
    state.burst = false;
    await vi.advanceTimersByTimeAsync(ROLLUP_DELAY_MS);
    expect(state.turns).toBe(1);
    expect(seen).toEqual({ staged: 5, catchUps: 1 });
    expect(feed.pending).toBe(false);
  });

  it("waits no longer than ROLLUP_MAX_DEFER_MS when the burst never ends", async () => {
    const { feed, seen, state } = harness();
    feed.add([click("c1")]);
    await feed.rollUp(false, true);
    await vi.advanceTimersByTimeAsync(ROLLUP_MAX_DEFER_MS - ROLLUP_DELAY_MS);
    expect(seen.catchUps).toBe(0);
    await vi.advanceTimersByTimeAsync(ROLLUP_DELAY_MS);
    expect(state.turns).toBe(1);
    expect(seen).toEqual({ staged: 1, catchUps: 1 });
  });

  it("takes them at once when ROLLUP_BATCH wait, burst or not", async () => {
    const { feed, seen } = harness();
    feed.add(Array.from({ length: ROLLUP_BATCH }, (_, i) => click(`c${i}`)));
    await feed.rollUp(false, true);
    expect(seen).toEqual({ staged: ROLLUP_BATCH, catchUps: 1 });
  });

  it("takes them at once when a read asks (now), burst or not", async () => {
    const { feed, seen } = harness();
    feed.add([click("c1")]);
    await feed.rollUp(false, true);
    await feed.rollUp(true);
    expect(seen).toEqual({ staged: 1, catchUps: 1 });
    // The timer left by the deferral finds nothing waiting.
    await vi.advanceTimersByTimeAsync(ROLLUP_MAX_DEFER_MS);
    expect(seen.catchUps).toBe(1);
  });
});
