import { describe, expect, it } from "vitest";
import { FallbackSchedule, TURN_TOLERANCE_MS } from "./fallbackSchedule";

/** Every turn each of `count` replicas takes over `untilMs`, asking at every `stepMs` (late by `lateMs`). */
function allTurns(limit: number, spanMs: number, count: number, untilMs: number, lateMs = 0, stepMs = 1): number[] {
  const turns: number[] = [];
  for (let index = 0; index < count; index++) {
    const schedule = new FallbackSchedule();
    for (let now = 0; now <= untilMs; now += stepMs) {
      const turn = schedule.next(now - lateMs, limit, spanMs, { index, count });
      if (turn > now - lateMs) continue;
      schedule.take(turn);
      turns.push(now);
    }
  }
  return turns.sort((a, b) => a - b);
}

function busiest(times: readonly number[], windowMs: number): number {
  let most = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j] - times[i] >= windowMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe("a replica's own turns while Redis is away", () => {
  it.each([
    [2, 3],
    [2, 1],
    [4, 3],
    [8, 3],
    [2, 5],
  ])("limit %i with %i replicas: each gets its share, and no second holds more than the limit", (limit, count) => {
    const turns = allTurns(limit, 1_100, count, 30_000);
    expect(busiest(turns, 1_000)).toBeLessThanOrEqual(limit);
    // The limit per span, shared out: 30 s holds about 30 000 / 1 100 spans.
    expect(turns.length).toBeGreaterThanOrEqual(Math.floor((30_000 / 1_100) * limit) - count);
  });

  it("a turn taken up to the tolerance late still keeps every second within the limit", () => {
    const turns = allTurns(2, 1_100, 3, 30_000, 0, TURN_TOLERANCE_MS);
    expect(busiest(turns, 1_000)).toBeLessThanOrEqual(2);
  });

  it("replica i of 3 takes every third turn, spanMs / limit apart", () => {
    const schedule = new FallbackSchedule();
    const share = { index: 1, count: 3 };
    expect(schedule.next(0, 2, 1_100, share)).toBe(550);
    schedule.take(550);
    expect(schedule.next(551, 2, 1_100, share)).toBe(2_200);
    // A turn missed by more than the tolerance waits for the next.
    expect(schedule.next(2_200 + TURN_TOLERANCE_MS + 1, 2, 1_100, share)).toBe(3_850);
    expect(schedule.next(2_200 + TURN_TOLERANCE_MS, 2, 1_100, share)).toBe(2_200);
  });
});
