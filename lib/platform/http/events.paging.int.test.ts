import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClickEvent } from "../../contract/events";
import { INTERVALS, resolveRange } from "../../contract/dateRange";
import { strings, type Oracle } from "../testing/oracle";
import { HOUR, NOW, WINDOW, ids, list, openSeededEvents, windowed } from "../testing/seededEvents";

/**
 * GET /events' time range, pagination and sorting against the real process.
 */

let oracle: Oracle;
let acme: string;
let clicks: ClickEvent[];

beforeAll(async () => {
  ({ oracle, acme, clicks } = await openSeededEvents());
});
afterAll(() => oracle?.close());

describe("time range", () => {
  const zones = ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Kolkata"];

  // Day-based presets keep the local wall-clock time: across a DST change in the window they start
  // an hour off a UTC count of days, which the bounds below (to the event) tell apart.
  it.each(INTERVALS)("interval=%s starts where the spec says, to the event, in several zones", async (interval) => {
    const [earliest] = await oracle.all(
      `SELECT epoch_ms(min(timestamp)) AS at FROM click_events WHERE workspace_id = $ws`,
      { ws: acme },
    );
    for (const timezone of interval === "24h" || interval === "all" ? ["UTC"] : zones) {
      const label = `${interval} ${timezone}`;
      const before = Date.now();
      const [first] = await list({ interval, timezone, sortOrder: "asc", limit: "1" });
      const after = Date.now();
      const [last] = await list({ interval, timezone, limit: "1" });
      // The platform read its clock between `before` and `after`: its start lies between these two.
      const [startBefore, startAfter] = [before, after].map((now) =>
        resolveRange({ interval, timezone }, new Date(now), new Date(0)).start.getTime(),
      );
      const firstAt = Date.parse(first.timestamp);
      expect(firstAt, label).toBeGreaterThanOrEqual(startBefore);
      const [previous] = await list({
        start: new Date(firstAt - 7 * 24 * HOUR).toISOString(),
        end: new Date(firstAt - 1).toISOString(),
        limit: "1",
      });
      if (previous) expect(Date.parse(previous.timestamp), label).toBeLessThan(startAfter);
      else expect(firstAt, `${label}: nothing before the first event, so it is the earliest`).toBe(Number(earliest.at));
      expect(Date.parse(last.timestamp), label).toBeLessThanOrEqual(Date.now());
    }
  });

  it("defaults to the last 24 hours", async () => {
    const before = Date.now();
    const [first] = await list({ sortOrder: "asc", limit: "1" });
    expect(Date.parse(first.timestamp)).toBeGreaterThanOrEqual(before - 24 * HOUR - 5_000);
    expect(ids(await list({ limit: "1000" }))).toEqual(ids(await list({ interval: "24h", limit: "1000" })));
  });

  it("start and end take precedence over interval, both inclusive", async () => {
    const inWindow = await list({ ...windowed(), interval: "ytd" });
    expect(ids(inWindow)).toEqual(ids(clicks));
    const [t0, t1] = [clicks[clicks.length - 1].timestamp, clicks[0].timestamp];
    const exact = await list({ start: t0, end: t1, limit: "1000" });
    expect(ids(exact)).toEqual(ids(clicks));
  });

  it("a date-only end includes its whole day, read in the time zone", async () => {
    const day = new Date(NOW - 3 * 24 * HOUR).toISOString().slice(0, 10);
    const found = await list({ start: day, end: day, timezone: "Asia/Tokyo", limit: "1000" });
    const startMs = Date.parse(`${day}T00:00:00+09:00`);
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) {
      expect(Date.parse(e.timestamp)).toBeGreaterThanOrEqual(startMs);
      expect(Date.parse(e.timestamp)).toBeLessThan(startMs + 24 * HOUR);
    }
  });
});

describe("pagination and sorting", () => {
  it("pages 1 and 2 of limit 50 are disjoint and concatenate to page 1 of limit 100", async () => {
    for (const order of ["desc", "asc"]) {
      const [p1, p2, both] = await Promise.all([
        list({ ...WINDOW, limit: "50", page: "1", sortOrder: order }),
        list({ ...WINDOW, limit: "50", page: "2", sortOrder: order }),
        list({ ...WINDOW, limit: "100", page: "1", sortOrder: order }),
      ]);
      expect(p1).toHaveLength(50);
      expect(new Set([...ids(p1), ...ids(p2)]).size).toBe(100);
      expect([...ids(p1), ...ids(p2)]).toEqual(ids(both));
    }
  });

  it("every page is the file's own order, for dense and sparse filters, both ways, first and deep pages", async () => {
    // Pages first read a slice at the sorted end of the range; a sparse filter makes that slice fall short.
    const range = { start: new Date(NOW - 20 * 24 * HOUR).toISOString(), end: new Date(NOW - 2 * HOUR).toISOString() };
    const [rare] = await strings(
      oracle,
      `SELECT country FROM click_events WHERE workspace_id = $ws AND timestamp >= $start::TIMESTAMPTZ AND timestamp < $end::TIMESTAMPTZ
         GROUP BY country HAVING count(*) >= 100 ORDER BY count(*), country LIMIT 1`,
      { ws: acme, ...range },
    );
    const expected = (order: "asc" | "desc", country: string | null, limit: number, page: number) =>
      strings(
        oracle,
        `SELECT id FROM click_events WHERE workspace_id = $ws AND timestamp >= $start::TIMESTAMPTZ AND timestamp < $end::TIMESTAMPTZ
           AND ($country::VARCHAR IS NULL OR country = $country) ORDER BY timestamp ${order}, id ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
        { ws: acme, ...range, country },
      );
    for (const order of ["desc", "asc"] as const) {
      for (const country of [null, rare]) {
        for (const [limit, page] of [
          [20, 1],
          [20, 3],
          [100, 1],
          [7, 5],
        ]) {
          const params = {
            ...range,
            sortOrder: order,
            limit: String(limit),
            page: String(page),
            ...(country ? { country } : {}),
          };
          const want = await expected(order, country, limit, page);
          expect(want).toHaveLength(limit);
          expect(ids(await list(params)), JSON.stringify(params)).toEqual(want);
        }
      }
    }
  });

  it("defaults to 100 newest first; sortBy=timestamp is the only order", async () => {
    const page = await list(WINDOW);
    expect(ids(page)).toEqual(ids(clicks).slice(0, 100));
    expect(ids(await list({ ...WINDOW, sortBy: "timestamp" }))).toEqual(ids(page));
    const times = clicks.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("a page past the end is empty; limit 1000 is allowed", async () => {
    expect(await list({ ...WINDOW, page: "1000", limit: "1000" })).toEqual([]);
    expect((await list({ interval: "all", limit: "1000" })).length).toBe(1000);
  });
});
