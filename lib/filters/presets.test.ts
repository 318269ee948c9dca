import { describe, expect, it } from "vitest";
import { INTERVALS, resolveRange, type RangeParams } from "../contract/dateRange";
import { RANGE_PRESETS, matchPreset, presetById, presetForKey, shortcutLabel, type PresetId } from "./presets";

const HOUR = 3_600_000;

/** The instants a preset denotes at `now` in `timeZone`, through the contract's own resolution. */
function resolvePreset(id: PresetId, now: string, timeZone: string) {
  const choice = presetById(id).choose(new Date(now), timeZone);
  const params: RangeParams = {
    interval: choice.interval ?? undefined,
    start: choice.start ?? undefined,
    end: choice.end ?? undefined,
    timezone: timeZone,
  };
  const range = resolveRange(params, new Date(now), new Date("2020-01-01T00:00:00Z"));
  return {
    choice,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    hours: (range.end.getTime() - range.start.getTime()) / HOUR,
  };
}

describe("the preset table", () => {
  it("has the nine API intervals plus Today and Yesterday", () => {
    const ids = RANGE_PRESETS.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([...INTERVALS, "today", "yesterday"]));
    expect(ids).toHaveLength(INTERVALS.length + 2);
  });

  it("gives every preset its own shortcut", () => {
    const keys = RANGE_PRESETS.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(presetForKey("w")?.id).toBe("7d");
    expect(presetForKey("M")?.id).toBe("mtd");
    expect(presetForKey("x")).toBeUndefined();
    expect(shortcutLabel("w")).toBe("W");
    expect(shortcutLabel("M")).toBe("⇧M");
  });

  it("writes interval presets as the interval alone", () => {
    for (const id of INTERVALS) expect(presetById(id).choose(new Date(), "UTC")).toEqual({ interval: id });
  });
});

describe("Today and Yesterday", () => {
  it("are date-only days of the chosen zone, not of UTC", () => {
    // 20:00 UTC is already the next day in Kolkata (+05:30) and Auckland (+12:00).
    expect(resolvePreset("today", "2025-06-15T20:00:00Z", "Asia/Kolkata")).toMatchObject({
      choice: { start: "2025-06-16", end: "2025-06-16" },
      start: "2025-06-15T18:30:00.000Z",
      end: "2025-06-16T18:30:00.000Z",
      hours: 24,
    });
    expect(resolvePreset("yesterday", "2025-06-15T20:00:00Z", "Pacific/Auckland").choice).toEqual({
      start: "2025-06-15",
      end: "2025-06-15",
    });
    expect(resolvePreset("today", "2025-06-15T20:00:00Z", "America/New_York").choice).toEqual({
      start: "2025-06-15",
      end: "2025-06-15",
    });
  });

  it("last 23 hours on a spring-forward day and 25 on a fall-back day", () => {
    expect(resolvePreset("today", "2025-03-09T18:00:00Z", "America/New_York")).toMatchObject({
      start: "2025-03-09T05:00:00.000Z",
      end: "2025-03-10T04:00:00.000Z",
      hours: 23,
    });
    expect(resolvePreset("yesterday", "2025-11-03T15:00:00Z", "America/New_York")).toMatchObject({
      choice: { start: "2025-11-02", end: "2025-11-02" },
      start: "2025-11-02T04:00:00.000Z",
      end: "2025-11-03T05:00:00.000Z",
      hours: 25,
    });
    expect(resolvePreset("today", "2025-10-26T12:00:00Z", "Europe/Berlin")).toMatchObject({
      start: "2025-10-25T22:00:00.000Z",
      end: "2025-10-26T23:00:00.000Z",
      hours: 25,
    });
    // Auckland springs forward on the last Sunday of September.
    expect(resolvePreset("today", "2025-09-28T03:00:00Z", "Pacific/Auckland")).toMatchObject({
      choice: { start: "2025-09-28", end: "2025-09-28" },
      start: "2025-09-27T12:00:00.000Z",
      end: "2025-09-28T11:00:00.000Z",
      hours: 23,
    });
  });
});

describe("interval presets across zones", () => {
  it("counts 24h as 24 real hours even across a DST change", () => {
    expect(resolvePreset("24h", "2025-03-09T18:00:00Z", "America/New_York")).toMatchObject({
      start: "2025-03-08T18:00:00.000Z",
      hours: 24 + 1 / HOUR,
    });
  });

  it("counts day presets in calendar days of the zone (a week across spring-forward is 167 hours)", () => {
    expect(resolvePreset("7d", "2025-03-12T16:00:00Z", "America/New_York")).toMatchObject({
      start: "2025-03-05T17:00:00.000Z",
    });
    expect(resolvePreset("7d", "2025-11-05T17:00:00Z", "America/New_York")).toMatchObject({
      start: "2025-10-29T16:00:00.000Z",
    });
    expect(resolvePreset("30d", "2025-04-10T10:00:00Z", "Europe/Berlin")).toMatchObject({
      start: "2025-03-11T11:00:00.000Z",
    });
  });

  it("starts month, quarter and year to date at local midnight", () => {
    expect(resolvePreset("mtd", "2025-03-31T10:00:00Z", "Europe/Berlin").start).toBe("2025-02-28T23:00:00.000Z");
    expect(resolvePreset("qtd", "2025-08-20T10:00:00Z", "Asia/Kolkata").start).toBe("2025-06-30T18:30:00.000Z");
    expect(resolvePreset("ytd", "2025-01-01T05:00:00Z", "Pacific/Auckland").start).toBe("2024-12-31T11:00:00.000Z");
    expect(resolvePreset("ytd", "2025-01-01T03:00:00Z", "America/New_York").start).toBe("2024-01-01T05:00:00.000Z");
    expect(resolvePreset("mtd", "2025-11-15T12:00:00Z", "America/New_York").start).toBe("2025-11-01T04:00:00.000Z");
  });

  it("keeps the wall-clock time a year back and starts 'all' at the first event", () => {
    expect(resolvePreset("1y", "2025-07-01T10:00:00Z", "Pacific/Auckland").start).toBe("2024-07-01T10:00:00.000Z");
    expect(resolvePreset("all", "2025-07-01T10:00:00Z", "Europe/Berlin").start).toBe("2020-01-01T00:00:00.000Z");
  });
});

describe("matchPreset", () => {
  const now = new Date("2025-11-22T02:30:00Z");
  it("reads the interval, defaulting to the API's 24h", () => {
    expect(matchPreset({ timezone: "UTC" }, now)?.id).toBe("24h");
    expect(matchPreset({ interval: "qtd", timezone: "UTC" }, now)?.id).toBe("qtd");
  });

  it("recognises Today and Yesterday in the view's zone", () => {
    expect(matchPreset({ start: "2025-11-22", end: "2025-11-22", timezone: "UTC" }, now)?.id).toBe("today");
    expect(matchPreset({ start: "2025-11-21", end: "2025-11-21", timezone: "UTC" }, now)?.id).toBe("yesterday");
    // 02:30 UTC is still Nov 21 in New York.
    expect(matchPreset({ start: "2025-11-21", end: "2025-11-21", timezone: "America/New_York" }, now)?.id).toBe(
      "today",
    );
  });

  it("calls anything else custom", () => {
    expect(matchPreset({ start: "2025-11-01", end: "2025-11-07", timezone: "UTC" }, now)).toBeNull();
    expect(matchPreset({ start: "2025-11-20", end: "2025-11-20", timezone: "UTC" }, now)).toBeNull();
    expect(matchPreset({ start: "2025-11-01", timezone: "UTC" }, now)).toBeNull();
    expect(matchPreset({ interval: "7d", end: "2025-11-07", timezone: "UTC" }, now)).toBeNull();
  });
});
