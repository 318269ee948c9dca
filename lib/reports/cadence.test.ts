import { describe, expect, it } from "vitest";
import { cadenceSchema, describeCadence, nextSlot, type Cadence } from "./cadence";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("nextSlot", () => {
  const weekly: Cadence = { frequency: "weekly", weekday: 1, hour: 9, timezone: "Europe/Berlin" };

  it("keeps a weekly report at 09:00 local across the autumn DST change", () => {
    // Monday 2026-10-19 09:00 CEST is 07:00Z; clocks go back on Sunday 2026-10-25; the next Monday is 09:00 CET = 08:00Z.
    const first = nextSlot(weekly, at("2026-10-18T00:00:00Z"));
    expect(iso(first)).toBe("2026-10-19T07:00:00.000Z");
    expect(iso(nextSlot(weekly, first))).toBe("2026-10-26T08:00:00.000Z");
  });

  it("keeps a daily report at 09:00 local across the spring DST change", () => {
    const daily: Cadence = { frequency: "daily", hour: 9, timezone: "America/New_York" };
    // 2026-03-08: clocks in New York go forward at 02:00.
    const before = nextSlot(daily, at("2026-03-07T15:00:00Z"));
    expect(iso(before)).toBe("2026-03-08T13:00:00.000Z");
    expect(iso(nextSlot(daily, before))).toBe("2026-03-09T13:00:00.000Z");
    expect(iso(nextSlot(daily, at("2026-03-06T15:00:00Z")))).toBe("2026-03-07T14:00:00.000Z");
  });

  it("runs an hour DST skips once, when the clocks jump, and an hour it repeats once", () => {
    const skipped: Cadence = { frequency: "daily", hour: 2, timezone: "Europe/Berlin" };
    const spring = nextSlot(skipped, at("2026-03-28T12:00:00Z"));
    expect(iso(spring)).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(nextSlot(skipped, spring))).toBe("2026-03-30T00:00:00.000Z");
    const repeated = nextSlot(skipped, at("2026-10-24T12:00:00Z"));
    expect(nextSlot(skipped, repeated) - repeated).toBeGreaterThanOrEqual(24 * 3_600_000);
  });

  it("runs a monthly report on its day, the 1st at 06:00 in Tokyo", () => {
    const monthly: Cadence = { frequency: "monthly", monthday: 1, hour: 6, timezone: "Asia/Tokyo" };
    expect(iso(nextSlot(monthly, at("2026-01-15T00:00:00Z")))).toBe("2026-01-31T21:00:00.000Z");
    expect(iso(nextSlot(monthly, at("2026-01-31T21:00:00Z")))).toBe("2026-02-28T21:00:00.000Z");
  });

  it("never returns the instant it is given: a slot run is not run again", () => {
    const slot = nextSlot(weekly, at("2026-06-01T00:00:00Z"));
    expect(nextSlot(weekly, slot)).toBeGreaterThan(slot);
  });

  it("puts alerts on multiples of their step", () => {
    expect(iso(nextSlot({ frequency: "every", minutes: 15 }, at("2026-06-01T10:07:00Z")))).toBe(
      "2026-06-01T10:15:00.000Z",
    );
    expect(iso(nextSlot({ frequency: "every", minutes: 15 }, at("2026-06-01T10:15:00Z")))).toBe(
      "2026-06-01T10:30:00.000Z",
    );
  });
});

describe("cadenceSchema", () => {
  it("canonicalizes the zone and refuses what is not one", () => {
    expect(cadenceSchema.parse({ frequency: "daily", hour: 9, timezone: "europe/berlin" })).toEqual({
      frequency: "daily",
      hour: 9,
      timezone: "Europe/Berlin",
    });
    expect(cadenceSchema.safeParse({ frequency: "daily", hour: 9, timezone: "Mars/Base" }).success).toBe(false);
    expect(cadenceSchema.safeParse({ frequency: "monthly", hour: 9, monthday: 31, timezone: "UTC" }).success).toBe(
      false,
    );
    expect(cadenceSchema.safeParse({ frequency: "every", minutes: 7 }).success).toBe(false);
  });

  it("says when it runs", () => {
    expect(describeCadence({ frequency: "weekly", weekday: 1, hour: 9, timezone: "Europe/Berlin" })).toBe(
      "Weekly on Monday at 09:00 (Europe/Berlin)",
    );
  });
});
