import { describe, expect, it } from "vitest";
import { CLOCK_GRAIN_MS, KeyWindow } from "./keyWindow";

/** The Pro key's analytics limit, and the window's length: 2 requests a second. */
const LIMIT = 2;
const WINDOW_MS = 1_000;

/** A Pro key's window, told its limit as the platform's first reply tells it. */
function proWindow(): KeyWindow {
  const window = new KeyWindow();
  window.observe(new Headers({ "x-ratelimit-limit": String(LIMIT) }), 0, 0);
  return window;
}

/**
 * The platform's limiter as lib/platform/http/rateLimit.ts counts one key (the spec's fixed
 * windows): a window opens at the first request it counts and ends exactly WINDOW_MS later; a
 * request counted while `LIMIT` already were in the open window is refused. Gives the refused
 * requests' indexes, by the instant each was counted.
 */
function refusedByPlatform(countedAt: readonly number[]): number[] {
  const order = countedAt.map((at, index) => ({ at, index })).sort((a, b) => a.at - b.at || a.index - b.index);
  const refused: number[] = [];
  let opened = Number.NEGATIVE_INFINITY;
  let inWindow = 0;
  for (const { at, index } of order) {
    if (at >= opened + WINDOW_MS) {
      opened = at;
      inWindow = 0;
    }
    inWindow += 1;
    if (inWindow > LIMIT) refused.push(index);
  }
  return refused;
}

interface Delays {
  /** From the send to the instant the platform's limiter counts it (the connection, its event loop). */
  toCounted: number;
  /** From then to the instant its reply is in (the query, the body). */
  toReply: number;
}

/**
 * Requests sent one after another as soon as the window lets each leave, on a clock this drives
 * (the replies settle their place as they come in): gives the instant each was counted.
 */
function paced(window: KeyWindow, delays: readonly Delays[]): number[] {
  const replies: { at: number; settle: (at: number) => void }[] = [];
  const countedAt: number[] = [];
  let now = 0;
  const deliver = () => {
    for (const reply of replies.filter((r) => r.at <= now)) {
      reply.settle(reply.at);
      replies.splice(replies.indexOf(reply), 1);
    }
  };
  for (const { toCounted, toReply } of delays) {
    for (;;) {
      deliver();
      const slot = window.nextSlot(now);
      if (slot <= now) break;
      now = Math.min(slot, ...replies.map((r) => r.at));
    }
    const settle = window.spend(now);
    countedAt.push(now + toCounted);
    replies.push({ at: now + toCounted + toReply, settle });
  }
  return countedAt;
}

describe("a key's window", () => {
  it("frees a request's place a window's length (and a clock's grain) after its reply", () => {
    const window = proWindow();
    window.spend(0)(300);
    window.spend(0)(300);
    // Not a window after the send (1,000), nor after the reply and a margin (1,400).
    expect(window.nextSlot(500)).toBe(300 + WINDOW_MS + CLOCK_GRAIN_MS);
    expect(window.nextSlot(1_301)).toBe(1_301);
    expect(window.spanMs).toBe(WINDOW_MS + CLOCK_GRAIN_MS);
  });

  it("counts a request in flight as leaving at every instant", () => {
    const window = proWindow();
    const settle = window.spend(0);
    window.spend(0);
    expect(window.nextSlot(5_000)).toBe(5_000 + WINDOW_MS + CLOCK_GRAIN_MS);
    settle(5_000);
    expect(window.nextSlot(5_000)).toBe(5_000 + WINDOW_MS + CLOCK_GRAIN_MS);
    expect(window.nextSlot(6_001)).toBe(6_001);
  });

  it("is exact for the platform's fixed windows: a request counted the instant before its reply opened a window a sooner one would share", () => {
    // Two requests counted at 300, each answered at once: the platform's window is [300, 1300).
    expect(refusedByPlatform([300, 300, 1_299])).toEqual([2]);
    expect(refusedByPlatform([300, 300, 1_300])).toEqual([]);
    const window = proWindow();
    window.spend(0)(300);
    window.spend(0)(300);
    expect(window.nextSlot(300)).toBe(1_301);
  });

  it("paces from the reply, where pacing from the send would be refused: a request counted late shares its window with one sent a window after it", () => {
    // Two requests wait 900 and 950 ms before the platform counts them (its event loop busy), then
    // the third is counted as soon as it is sent.
    const delays: Delays[] = [
      { toCounted: 900, toReply: 60 },
      { toCounted: 950, toReply: 10 },
      { toCounted: 0, toReply: 10 },
    ];
    // From the send: the third leaves at 1,000, inside the window the first opened at 900.
    const fromSend = delays.map((d, i) => (i < LIMIT ? 0 : WINDOW_MS) + d.toCounted);
    expect(refusedByPlatform(fromSend)).toEqual([2]);
    // From the reply: it leaves at 960 + 1,001, after that window.
    const countedAt = paced(proWindow(), delays);
    expect(countedAt).toEqual([900, 950, 960 + WINDOW_MS + CLOCK_GRAIN_MS]);
    expect(refusedByPlatform(countedAt)).toEqual([]);
  });

  it("is never refused by the platform, whatever each request's delays", () => {
    let state = 7;
    const next = (below: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % below;
    };
    for (let run = 0; run < 50; run++) {
      const delays = Array.from({ length: 40 }, () => ({ toCounted: next(400), toReply: next(400) }));
      expect(refusedByPlatform(paced(proWindow(), delays)), `run ${run}`).toEqual([]);
    }
  });
});
