import { describe, expect, it } from "vitest";
import { TestClock } from "../testing/clock";
import { ClientGone, DeadlineExceeded, QUERY_DEADLINE_MS, startRequestWork } from "./requestWork";

describe("a request's work", () => {
  it(`is stopped at its deadline (${QUERY_DEADLINE_MS} ms, below the proxy's 15 s) with the spec's 422`, () => {
    const clock = new TestClock(new Date("2026-06-01T00:00:00Z"));
    const work = startRequestWork(new AbortController().signal, clock);
    clock.advance(QUERY_DEADLINE_MS - 1);
    expect(work.signal.aborted).toBe(false);
    clock.advance(1);
    expect(work.signal.reason).toBeInstanceOf(DeadlineExceeded);
    expect(work.signal.reason).toMatchObject({ code: "unprocessable_entity", status: 422 });
    expect((work.signal.reason as DeadlineExceeded).message).toMatch(
      /^The query did not finish within 12 s and was stopped\. Narrow the date range/,
    );
    expect(QUERY_DEADLINE_MS).toBeLessThan(15_000);
  });

  it("is stopped when its client leaves, before or during the request", () => {
    const clock = new TestClock(new Date("2026-06-01T00:00:00Z"));
    const client = new AbortController();
    const work = startRequestWork(client.signal, clock);
    client.abort("socket closed");
    expect(work.signal.reason).toBeInstanceOf(ClientGone);
    expect(startRequestWork(AbortSignal.abort(), clock).signal.reason).toBeInstanceOf(ClientGone);
  });

  it("once ended, neither the deadline nor the client stops it", () => {
    const clock = new TestClock(new Date("2026-06-01T00:00:00Z"));
    const client = new AbortController();
    const work = startRequestWork(client.signal, clock, 1000);
    work.end();
    clock.advance(5000);
    client.abort();
    expect(work.signal.aborted).toBe(false);
  });
});
