import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import type { UpstreamReply } from "./client";
import { MAX_QUEUED, MAX_WAIT_MS, RateBudget } from "./rateBudget";
import { FakeClock } from "./testing/fakeClock";
import { Urgency } from "./urgency";
import { VIEW_MAX_WAIT_MS } from "./viewWait";
import { track } from "./testing/track";

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

describe("rate budget", () => {
  it("starts at a guessed 2 requests per second and queues the rest", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock);
    for (let i = 0; i < 5; i++) void budget.schedule(send);
    await clock.advance(0);
    // Two answered, three held in the queue until the next windows.
    expect(sentAt).toEqual([0, 0]);
    await clock.advance(3000);
    expect(sentAt).toEqual([0, 0, 1001, 1001, 2002]);
  });

  it("learns the limit from X-RateLimit-Limit", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => reply(200, { "x-ratelimit-limit": "4" }));
    const done = Promise.all(Array.from({ length: 10 }, () => budget.schedule(send)));
    await clock.advance(5000);
    await done;
    expect(sentAt).toEqual([0, 0, 0, 0, 1001, 1001, 1001, 1001, 2002, 2002]);
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
    ["3", 3000],
  ])("when the server says the window is spent, waits for its reset (in %s s)", async (reset, resumeAt) => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () =>
      reply(200, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }),
    );
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
    const { sentAt, send } = recorder(clock, (n) =>
      n === 1 ? reply(429, { "retry-after": "3", "x-ratelimit-limit": "4" }) : reply(200),
    );
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
    expect(sentAt).toHaveLength(1 + 3);
    expect(sentAt).toEqual([0, 1000, 2000, 3000]);
  });

  it("waits out a Retry-After as long as a request may wait (10 s) and retries", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, (n) => (n === 1 ? reply(429, { "retry-after": "10" }) : reply(200)));
    const result = budget.schedule(send);
    await clock.advance(60_000);
    expect((await result).status).toBe(200);
    expect(sentAt).toEqual([0, MAX_WAIT_MS]);
  });

  it("hands back at once a 429 whose Retry-After is longer than a request may wait, without retrying", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, (n) => (n === 1 ? reply(429, { "retry-after": "120" }) : reply(200)));
    const result = track(budget.schedule(send));
    await clock.advance(0);
    expect(result.value?.status).toBe(429);
    expect(result.value?.headers.get("retry-after")).toBe("120");
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
    expect([first.value?.status, second.value?.status]).toEqual([429, 200]);
    expect(queued.value?.status).toBe(429);
    expect(queued.value?.headers.get("retry-after")).toBe("120");
    expect(errorBodySchema.parse(JSON.parse(queued.value?.body ?? "")).error).toMatchObject({
      code: "rate_limit_exceeded",
      message: expect.stringMatching(/120 s/),
    });

    await clock.advance(10_500);
    const later = track(budget.schedule(send));
    await clock.advance(0);
    expect(later.value?.status).toBe(429);
    expect(later.value?.headers.get("retry-after")).toBe("110");

    // 5 s left is within a request's wait: held, then sent when the pause ends.
    await clock.advance(115_000 - 10_500);
    const held = track(budget.schedule(send));
    await clock.advance(4_999);
    expect(held.value).toBeUndefined();
    await clock.advance(1);
    expect(held.value?.status).toBe(200);
    expect(sentAt).toEqual([0, 0, 120_000]);
    expect([first, second, queued, later, held].every((request) => request.value !== undefined)).toBe(true);
  });

  it("counts a request in flight until its reply (or failure) came: the next leaves a span after that, not after its departure", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const later = (fails: boolean) =>
      new Promise<UpstreamReply>((resolve, reject) =>
        clock.setTimer(() => (fails ? reject(new Error("reset")) : resolve(reply(200))), 400),
      );
    const { sentAt, send } = recorder(clock, (n) => later(n === 2));
    const answers = Promise.allSettled(Array.from({ length: 4 }, () => budget.schedule(send)));
    await clock.advance(1_400);
    // Both in flight until 400: their arrival at the platform may be as late as that.
    expect(sentAt).toEqual([0, 0]);
    // A window's length (and a clock's grain) after those replies, exactly.
    await clock.advance(1);
    expect(sentAt).toEqual([0, 0, 1_401, 1_401]);
    await clock.advance(400);
    expect((await answers).map((a) => (a.status === "fulfilled" ? a.value.status : "failed"))).toEqual([
      200,
      "failed",
      200,
      200,
    ]);
  });

  it("drops a queued request whose caller went away, without sending it or spending its slot", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock);
    void budget.schedule(send);
    void budget.schedule(send);
    const controller = new AbortController();
    const dropped = budget.schedule(send, { signal: controller.signal });
    await clock.advance(0);
    controller.abort();
    await expect(dropped).rejects.toMatchObject({ name: "AbortError" });
    // The next two share the second window, as if the dropped one had never queued, and nothing else leaves.
    void budget.schedule(send);
    void budget.schedule(send);
    await clock.advance(5000);
    expect(sentAt).toEqual([0, 0, 1001, 1001]);
  });

  it("passes errors through and keeps going", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const failing = budget.schedule(() => Promise.reject(new Error("boom"))).catch((error: unknown) => error);
    const ok = budget.schedule(() => Promise.resolve(reply(200)));
    await clock.advance(0);
    expect(await failing).toMatchObject({ message: "boom" });
    expect((await ok).status).toBe(200);
    const later = budget.schedule(() => Promise.resolve(reply(200)));
    await clock.advance(1100);
    expect((await later).status).toBe(200);
  });
});

describe("rate budget bounds", () => {
  const limited = (status = 200) => reply(status, { "x-ratelimit-limit": "4" });
  const message = (r: UpstreamReply | undefined) => errorBodySchema.parse(JSON.parse(r?.body ?? "")).error;

  it("answers at once, with the key's limit and a Retry-After, what could not start within 10 s; the rest leave within it", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => limited());
    // The first two leave on the guessed limit and teach the key's: 4 a second.
    await Promise.all([budget.schedule(send), budget.schedule(send)]);
    const answers = Array.from({ length: 100 }, () => track(budget.schedule(send)));
    await clock.advance(0);
    const refusedNow = answers.filter((a) => a.value?.status === 429);
    expect(refusedNow.length).toBeGreaterThan(50);
    for (const refused of refusedNow) {
      expect(Number(refused.value?.headers.get("retry-after"))).toBeGreaterThan(10);
      expect(message(refused.value)).toMatchObject({
        code: "rate_limit_exceeded",
        message: expect.stringContaining("4 requests per second"),
      });
    }
    await clock.advance(60_000);
    expect(answers.every((a) => a.value !== undefined)).toBe(true);
    const sent = answers.filter((a) => a.value?.status === 200).length;
    expect(sentAt).toHaveLength(2 + sent);
    expect(Math.max(...sentAt)).toBeLessThanOrEqual(MAX_WAIT_MS);
  });

  it("a queued request joined by an identical one takes its priority and wait: a page never gets the 429 of the prefetch it joined", async () => {
    const run = async (joined: boolean) => {
      const clock = new FakeClock();
      const budget = new RateBudget(clock);
      const order: string[] = [];
      const send = (name: string) => () => {
        order.push(name);
        return Promise.resolve(reply(200, { "x-ratelimit-limit": "2" }));
      };
      // The window is spent; a prefetch queues behind it, with the 10 s a prefetch may wait.
      void budget.schedule(send("first"));
      void budget.schedule(send("second"));
      const urgency = new Urgency(-10, MAX_WAIT_MS);
      const prefetch = track(budget.schedule(send("prefetch"), { priority: -10, maxWaitMs: MAX_WAIT_MS, urgency }));
      await clock.advance(0);
      // The page asks for the same data (the cache joins it to the prefetch's load).
      if (joined) urgency.raise(10, VIEW_MAX_WAIT_MS);
      // Then twenty views come, ahead of any prefetch: 11 s of turns at 2 a second.
      for (let i = 0; i < 20; i++)
        void budget.schedule(send(`view ${i}`), { priority: 5, maxWaitMs: VIEW_MAX_WAIT_MS });
      await clock.advance(0);
      return { prefetch, order, clock };
    };
    const alone = await run(false);
    expect(alone.prefetch.value?.status).toBe(429);
    const raised = await run(true);
    await raised.clock.advance(1_100);
    expect(raised.prefetch.value?.status).toBe(200);
    expect(raised.order.slice(0, 4)).toEqual(["first", "second", "prefetch", "view 0"]);
  });

  it("holds at most MAX_QUEUED: another of equal priority is refused at once, a higher one takes the lowest's place", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => pending());
    // Two in flight on the guessed limit, then a full queue: the limit is not known, so nothing is refused by forecast.
    const inFlight = [track(budget.schedule(send)), track(budget.schedule(send))];
    const queued = Array.from({ length: MAX_QUEUED }, (_, i) =>
      track(budget.schedule(send, { priority: i === MAX_QUEUED - 1 ? -10 : 0 })),
    );
    await clock.advance(0);
    expect(sentAt).toHaveLength(2);
    expect([...inFlight, ...queued].every((a) => a.value === undefined)).toBe(true);

    const same = track(budget.schedule(send));
    const urgent = track(budget.schedule(send, { priority: 10 }));
    await clock.advance(0);
    expect(same.value?.status).toBe(429);
    expect(message(same.value).message).toMatch(/already holds 200 requests/);
    expect(Number(same.value?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The prefetch-priority request at the back gave its place to the urgent one.
    expect(queued[MAX_QUEUED - 1].value?.status).toBe(429);
    expect(urgent.value).toBeUndefined();
    expect(queued.slice(0, -1).every((a) => a.value === undefined)).toBe(true);
  });

  it("learns a per-minute window from a reset a minute away: paces within it, then names it instead of bursting into 429s", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    let remaining = 5;
    const { sentAt, send } = recorder(clock, () =>
      reply(200, {
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": String(Math.max(0, --remaining)),
        "x-ratelimit-reset": String(Math.ceil((60_000 - clock.now()) / 1000)),
      }),
    );
    const answers = Array.from({ length: 8 }, () => track(budget.schedule(send)));
    await clock.advance(MAX_WAIT_MS);
    // Five fit the minute; the sixth would wait until the window resets, a minute on.
    expect(sentAt).toEqual([0, 0, 0, 0, 0]);
    const refused = answers.filter((a) => a.value?.status === 429);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(message(r.value).message).toContain("5 requests per minute");
      expect(Number(r.value?.headers.get("retry-after"))).toBeGreaterThan(MAX_WAIT_MS / 1000);
    }
    const later = track(budget.schedule(send));
    await clock.advance(0);
    expect(later.value?.status).toBe(429);
    await clock.advance(60_000);
    const afterReset = track(budget.schedule(send));
    await clock.advance(0);
    expect(afterReset.value?.status).toBe(200);
  });

  it("a 403 for a path answers the requests queued for it, and new ones for 10 s, without spending the window", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const plan = JSON.stringify({
      error: { code: "forbidden", message: "plan too low", doc_url: "https://linklens.dev/docs#forbidden" },
    });
    const sends: string[] = [];
    const sendTo = (path: string) => () => {
      sends.push(path);
      return Promise.resolve({ ...limited(path === "/events" ? 403 : 200), body: path === "/events" ? plan : "[]" });
    };
    const first = budget.schedule(sendTo("/events"), { path: "/events" });
    const analytics = track(budget.schedule(sendTo("/analytics"), { path: "/analytics" }));
    const queued = Array.from({ length: 5 }, () => track(budget.schedule(sendTo("/events"), { path: "/events" })));
    expect((await first).status).toBe(403);
    await clock.advance(0);
    for (const q of queued) expect(q.value).toMatchObject({ status: 403, body: plan });
    expect(queued[0].value?.headers.get("x-ratelimit-remaining")).toBeNull();
    expect(analytics.value?.status).toBe(200);
    const again = track(budget.schedule(sendTo("/events"), { path: "/events" }));
    await clock.advance(0);
    expect(again.value?.status).toBe(403);
    expect(sends).toEqual(["/events", "/analytics"]);
    await clock.advance(10_000);
    void budget.schedule(sendTo("/events"), { path: "/events" });
    await clock.advance(0);
    expect(sends).toEqual(["/events", "/analytics", "/events"]);
  });

  it("a 401 answers every queued request of the key", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock);
    const { sentAt, send } = recorder(clock, () => reply(401));
    const answers = ["/events", "/analytics", "/events", "/analytics"].map((path) =>
      track(budget.schedule(send, { path })),
    );
    await clock.advance(0);
    expect(answers.map((a) => a.value?.status)).toEqual([401, 401, 401, 401]);
    expect(sentAt).toEqual([0, 0]);
  });
});
