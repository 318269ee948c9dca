import { describe, expect, it } from "vitest";
import type { UpstreamReply } from "./client";
import { RateBudget } from "./rateBudget";
import type { GateAnswer, GateAsk, SendGate } from "./sendGate";
import { FakeClock } from "./testing/fakeClock";
import { track } from "./testing/track";

const OK: UpstreamReply = { status: 200, headers: new Headers(), body: "[]" };

/** A gate that grants one turn per `everyMs`, as a window shared with other replicas might. */
class EveryGate implements SendGate {
  readonly asked: GateAsk[] = [];
  private nextAt = 0;
  constructor(private readonly everyMs: number) {}
  pass(ask: GateAsk): Promise<GateAnswer> {
    this.asked.push(ask);
    if (ask.now < this.nextAt) return Promise.resolve({ granted: false, retryAt: this.nextAt });
    this.nextAt = ask.now + this.everyMs;
    return Promise.resolve({ granted: true });
  }
}

describe("rate budget with a gate (the window replicas share)", () => {
  it("tells the gate when the request's reply came (the latest it reached the platform), not when the turn was asked or the request left", async () => {
    const clock = new FakeClock();
    const settled: number[] = [];
    const slowGate: SendGate = {
      pass: () =>
        new Promise((resolve) =>
          clock.setTimer(() => resolve({ granted: true, settled: (at) => settled.push(at) }), 300),
        ),
    };
    const budget = new RateBudget(clock, slowGate);
    const sentAt: number[] = [];
    const send = (fails: boolean) => () => {
      sentAt.push(clock.now());
      return new Promise<UpstreamReply>((resolve, reject) =>
        clock.setTimer(() => (fails ? reject(new Error("reset")) : resolve(OK)), 200),
      );
    };
    const reply = budget.schedule(send(false));
    await clock.advance(1_000);
    expect((await reply).status).toBe(200);
    expect(sentAt).toEqual([300]);
    expect(settled).toEqual([500]);
    // A request that fails is settled too: when it failed.
    const failed = expect(budget.schedule(send(true))).rejects.toThrow("reset");
    await clock.advance(1_000);
    await failed;
    expect(settled).toEqual([500, 1_500]);
  });

  it("a request leaves only on a turn the gate grants, and the gate is told the key's limit and span", async () => {
    const clock = new FakeClock();
    const gate = new EveryGate(1_000);
    const budget = new RateBudget(clock, gate);
    const sentAt: number[] = [];
    const send = () => {
      sentAt.push(clock.now());
      return Promise.resolve(OK);
    };
    const done = Promise.all(Array.from({ length: 3 }, () => budget.schedule(send)));
    await clock.advance(2_500);
    await done;
    expect(sentAt).toEqual([0, 1_000, 2_000]);
    expect(gate.asked[0]).toEqual({ now: 0, limit: 2, spanMs: 1_001 });
  });

  it("the turn goes to the highest priority waiting when it is granted", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock, new EveryGate(1_000));
    const order: string[] = [];
    const send = (name: string) => () => {
      order.push(name);
      return Promise.resolve(OK);
    };
    const first = budget.schedule(send("first"));
    await clock.advance(0);
    const low = budget.schedule(send("low"), { priority: -10 });
    const high = budget.schedule(send("high"), { priority: 10 });
    await clock.advance(2_000);
    await Promise.all([first, low, high]);
    expect(order).toEqual(["first", "high", "low"]);
  });

  it("a request the gate holds past its wait is answered with a 429 at once, as the key's own window would", async () => {
    const clock = new FakeClock();
    const budget = new RateBudget(clock, new EveryGate(60_000));
    const first = track(budget.schedule(() => Promise.resolve(OK)));
    const second = track(budget.schedule(() => Promise.resolve(OK), { maxWaitMs: 5_000 }));
    await clock.advance(0);
    expect(first.value?.status).toBe(200);
    expect(second.value?.status).toBe(429);
  });

  it("a gate that throws leaves the key to its own window: no request fails for it", async () => {
    const clock = new FakeClock();
    const broken: SendGate = { pass: () => Promise.reject(new Error("bug")) };
    const budget = new RateBudget(clock, broken);
    const answers = Promise.all(Array.from({ length: 3 }, () => budget.schedule(() => Promise.resolve(OK))));
    await clock.advance(1_100);
    expect((await answers).map((r) => r.status)).toEqual([200, 200, 200]);
  });
});
