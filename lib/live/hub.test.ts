import { describe, expect, it } from "vitest";
import { FakeClock } from "../upstream/testing/fakeClock";
import { LiveHub, type LiveEvent } from "./hub";
import type { ReadEvent } from "../contract/readEvents";

const event = (id: string, at: number): LiveEvent => ({
  id,
  kind: "clicks",
  at,
  event: { event: "click" } as unknown as ReadEvent,
});

describe("the live hub", () => {
  it("fans an event out to every subscriber once, and drops a redelivery", () => {
    const hub = new LiveHub(new FakeClock());
    const a: string[] = [];
    const b: string[] = [];
    const stopA = hub.subscribe((e) => a.push(e.id));
    hub.subscribe((e) => b.push(e.id));
    expect(hub.publish(event("evt_1", 0))).toBe(true);
    expect(hub.publish(event("evt_1", 0))).toBe(false);
    stopA();
    hub.publish(event("evt_2", 0));
    expect(a).toEqual(["evt_1"]);
    expect(b).toEqual(["evt_1", "evt_2"]);
    expect(hub.subscribers).toBe(1);
  });

  it("keeps the last 30 minutes for a new page, at most maxKept of them", async () => {
    const clock = new FakeClock();
    const hub = new LiveHub(clock, { keepMs: 30 * 60_000, maxKept: 3, maxSeen: 10 });
    for (let i = 0; i < 5; i++) hub.publish(event(`evt_${i}`, 0));
    expect(hub.recent().map((e) => e.id)).toEqual(["evt_2", "evt_3", "evt_4"]);
    await clock.advance(31 * 60_000);
    hub.publish(event("evt_new", clock.now()));
    expect(hub.recent().map((e) => e.id)).toEqual(["evt_new"]);
  });

  it("forgets the oldest ids past maxSeen", () => {
    const hub = new LiveHub(new FakeClock(), { keepMs: 60_000, maxKept: 10, maxSeen: 2 });
    hub.publish(event("a", 0));
    hub.publish(event("b", 0));
    hub.publish(event("c", 0));
    expect(hub.publish(event("a", 0))).toBe(true);
    expect(hub.publish(event("c", 0))).toBe(false);
  });
});
