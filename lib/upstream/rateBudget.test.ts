import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import type { UpstreamReply } from "./client";
import { MAX_429_RETRIES, RateBudget } from "./rateBudget";
import { FakeClock } from "./testing/fakeClock";

function reply(status: number, headers: Record<string, string> = {}): UpstreamReply {
  return { status, headers: new Headers(headers), body: status === 200 ? "[]" : "{}" };
}

/** A send that records when it left, and answers what `answer` says. */
function recorder(clock: FakeClock, answer: (n: number) => UpstreamReply | Promise<UpstreamReply> = () => reply(200)) {
  const sentAt: number[] = [];
  const send = () => {
    sentAt.push(clock.now());
    return Promise.resolve(answer(sentAt.length));
  };
  return { sentAt, send };
}

const pending = () => new Promise<UpstreamReply>(() => {});

/** A promise's outcome as soon as it has one, to tell "answered now" from "still held". */
function track(promise: Promise<UpstreamReply>) {
  const state: { reply?: UpstreamReply } = {};
  void promise.then((reply) => (state.reply = reply));
  return state;
}

describe("rate budget", () => {
  it("starts at a guessed 2 requests per second and queues the rest", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => pending());
    for (let i = 0; i < 5; i++) void budget.schedule(send);
    await clock.advance(0);
    expect(sentAt).toEqual([0, 0]);
    expect(budget.state).toMatchObject({ queued: 3, inFlight: 2, learned: false });
    await clock.advance(3000);
    expect(sentAt).toEqual([0, 0, 1100, 1100, 2200]);
  });

  it("learns the limit from X-RateLimit-Limit", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => reply(200, { "x-ratelimit-limit": "4" }));
    const done = Promise.all(Array.from({ length: 10 }, () => budget.schedule(send)));
    await clock.advance(5000);
    await done;
    expect(budget.state).toMatchObject({ limit: 4, learned: true, queued: 0 });
    expect(sentAt).toEqual([0, 0, 0, 0, 1100, 1100, 1100, 1100, 2200, 2200]);
  });

  it("never lets more than the limit leave within a window", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => reply(200, { "x-ratelimit-limit": "4" }));
    const done = Promise.all(Array.from({ length: 40 }, (_, i) => budget.schedule(send, { priority: i % 3 })));
    await clock.advance(20_000);
    await done;
    for (const t of sentAt) expect(sentAt.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(4);
  });

  it("serves higher priorities first, FIFO within a priority", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const order: string[] = [];
    const job = (name: string) => () => {
      order.push(name);
      return Promise.resolve(reply(200, { "x-ratelimit-limit": "1" }));
    };
    void budget.schedule(job("first"));
    await clock.advance(0);
    void budget.schedule(job("low-1"), { priority: -1 });
    void budget.schedule(job("normal-1"));
    void budget.schedule(job("high"), { priority: 5 });
    void budget.schedule(job("normal-2"));
    void budget.schedule(job("low-2"), { priority: -1 });
    await clock.advance(10_000);
    expect(order).toEqual(["first", "high", "normal-1", "normal-2", "low-1", "low-2"]);
  });

  it.each([
    ["1", 1000],
    ["3", 1100],
  ])("when the server says the window is spent, waits for its reset (in %s s) but no longer than a window", async (reset, resumeAt) => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => reply(200, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }));
    const done = Promise.all([budget.schedule(send), budget.schedule(send)]);
    await clock.advance(0);
    void budget.schedule(send);
    await clock.advance(5000);
    await done;
    expect(sentAt).toEqual([0, 0, resumeAt]);
  });

  it("on a 429 pauses the whole queue for Retry-After and retries", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, (n) => (n === 1 ? reply(429, { "retry-after": "3", "x-ratelimit-limit": "4" }) : reply(200)));
    const first = budget.schedule(send);
    await clock.advance(0);
    const second = budget.schedule(send);
    await clock.advance(10_000);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(sentAt).toEqual([0, 3000, 3000]);
  });

  it("gives up after three retries and hands the 429 back", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => reply(429, { "retry-after": "nonsense" }));
    const result = budget.schedule(send);
    await clock.advance(60_000);
    expect((await result).status).toBe(429);
    expect(sentAt).toHaveLength(1 + MAX_429_RETRIES);
    expect(sentAt).toEqual([0, 1000, 2000, 3000]);
  });

  it("waits out a Retry-After as long as the cap (30 s) and retries", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, (n) => (n === 1 ? reply(429, { "retry-after": "30" }) : reply(200)));
    const result = budget.schedule(send);
    await clock.advance(60_000);
    expect((await result).status).toBe(200);
    expect(sentAt).toEqual([0, 30_000]);
  });

  it("hands back at once a 429 whose Retry-After is past the cap, without retrying", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, (n) => (n === 1 ? reply(429, { "retry-after": "120" }) : reply(200)));
    const result = track(budget.schedule(send));
    await clock.advance(0);
    expect(result.reply?.status).toBe(429);
    expect(result.reply?.headers.get("retry-after")).toBe("120");
    await clock.advance(200_000);
    expect(sentAt).toEqual([0]);
  });

  it("during a long pause answers queued and new requests at once with the wait left, and sends nothing until it is short", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, (n) => (n === 1 ? reply(429, { "retry-after": "120" }) : reply(200)));
    const first = track(budget.schedule(send));
    const second = track(budget.schedule(send));
    const queued = track(budget.schedule(send));
    await clock.advance(0);
    expect([first.reply?.status, second.reply?.status]).toEqual([429, 200]);
    expect(queued.reply?.status).toBe(429);
    expect(queued.reply?.headers.get("retry-after")).toBe("120");
    expect(errorBodySchema.parse(JSON.parse(queued.reply?.body ?? "")).error).toMatchObject({ code: "rate_limit_exceeded", message: expect.stringMatching(/120 s/) });

    await clock.advance(10_500);
    const later = track(budget.schedule(send));
    await clock.advance(0);
    expect(later.reply?.status).toBe(429);
    expect(later.reply?.headers.get("retry-after")).toBe("110");

    // 25 s left is within the cap: held, then sent when the pause ends.
    await clock.advance(95_000 - 10_500);
    const held = track(budget.schedule(send));
    await clock.advance(24_999);
    expect(held.reply).toBeUndefined();
    await clock.advance(1);
    expect(held.reply?.status).toBe(200);
    expect(sentAt).toEqual([0, 0, 120_000]);
    expect(budget.state).toMatchObject({ queued: 0, inFlight: 0 });
  });

  it("drops a queued request whose caller went away, without sending it or spending its slot", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => pending());
    void budget.schedule(send);
    void budget.schedule(send);
    const controller = new AbortController();
    const dropped = budget.schedule(send, { signal: controller.signal });
    await clock.advance(0);
    controller.abort();
    await expect(dropped).rejects.toMatchObject({ name: "AbortError" });
    expect(budget.state.queued).toBe(0);
    // The next two share the second window, as if the dropped one had never queued.
    void budget.schedule(send);
    void budget.schedule(send);
    await clock.advance(5000);
    expect(sentAt).toEqual([0, 0, 1100, 1100]);
    expect(budget.state.queued).toBe(0);
  });

  it("passes errors through and keeps going", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const failing = budget.schedule(() => Promise.reject(new Error("boom"))).catch((error: unknown) => error);
    const ok = budget.schedule(() => Promise.resolve(reply(200)));
    await clock.advance(0);
    expect(await failing).toMatchObject({ message: "boom" });
    expect((await ok).status).toBe(200);
    expect(budget.state.inFlight).toBe(0);
  });
});
