import { describe, expect, it } from "vitest";
import { parseEventsQuery, type EventsQuery } from "../contract/query";
import { readEventElements, type ReadEvent } from "../contract/readEvents";
import { clickEvent } from "../contract/testing/events";
import { FIRST_PAGE, nextCursor, pageQuery, pinnedQuery, unwritten, type Cursor } from "./keyset";

const query = (qs: string): EventsQuery => parseEventsQuery(new URLSearchParams(qs));
const NOW = new Date("2026-11-20T12:00:00.000Z");

/** Clicks `from`, `from`+1, … with the given timestamps, as the dashboard reads them. */
function clicks(timestamps: string[], from = 0): ReadEvent[] {
  return readEventElements(
    timestamps.map((timestamp, i) => clickEvent({ id: `clk_${from + i}`, timestamp })),
    "clicks",
  ).events;
}

/**
 * A platform's listing, sorted by (timestamp, id) as the embedded one sorts it, answering the
 * spec's parameters: inclusive bounds, page and limit. Pages through `all` as an export would.
 */
function exportAll(all: ReadEvent[], order: "asc" | "desc", limit: number) {
  const sorted = [...all].sort((a, b) =>
    a.timestamp === b.timestamp ? a.click.id.localeCompare(b.click.id) : a.timestamp.localeCompare(b.timestamp),
  );
  if (order === "desc") sorted.reverse();
  const base = pinnedQuery(query(`interval=all&sortOrder=${order}`), NOW);
  const written: string[] = [];
  const skipped: number[] = [];
  let cursor: Cursor | null = FIRST_PAGE;
  while (cursor) {
    const request = pageQuery(base, cursor);
    const inRange = sorted.filter((e) =>
      order === "desc" ? !request.end || e.timestamp <= request.end : !request.start || e.timestamp >= request.start,
    );
    const offset = (request.page - 1) * limit;
    skipped.push(offset);
    const page = inRange.slice(offset, offset + limit);
    written.push(...unwritten(page, cursor).map((e) => e.click.id));
    cursor = nextCursor(cursor, page, page.length, limit);
  }
  return { written, skipped, expected: sorted.map((e) => e.click.id) };
}

describe("keyset export paging", () => {
  it("pins the range once: end defaults to now, an interval becomes its start, `all` stays `all`", () => {
    expect(pinnedQuery(query("interval=7d"), NOW)).toMatchObject({
      interval: undefined,
      start: "2026-11-13T12:00:00.000Z",
      end: "2026-11-20T12:00:00.000Z",
    });
    expect(pinnedQuery(query("interval=all"), NOW)).toMatchObject({
      interval: "all",
      start: undefined,
      end: "2026-11-20T12:00:00.000Z",
    });
    expect(pinnedQuery(query("start=2026-11-01&end=2026-11-10"), NOW)).toMatchObject({
      start: "2026-11-01",
      end: "2026-11-10",
    });
    expect(pinnedQuery(query("interval=30d&start=2026-11-01"), NOW)).toMatchObject({
      interval: undefined,
      start: "2026-11-01",
      end: NOW.toISOString(),
    });
  });

  it("moves `end` (descending) or `start` (ascending) to the last event written, page 1, the filters kept", () => {
    const base = pinnedQuery(query("interval=7d&country=US,DE"), NOW);
    const cursor: Cursor = { bound: "2026-11-18T00:00:00.000Z", page: 1, seen: new Set() };
    expect(pageQuery(base, cursor)).toMatchObject({
      start: base.start,
      end: cursor.bound,
      page: 1,
      limit: 1000,
      filters: base.filters,
    });
    const ascending = pinnedQuery(query("interval=all&sortOrder=asc"), NOW);
    expect(pageQuery(ascending, cursor)).toMatchObject({
      interval: undefined,
      start: cursor.bound,
      end: ascending.end,
      page: 1,
    });
  });

  it("skips the events of the boundary instant already written", () => {
    const page = clicks(["2026-11-18T00:00:00.000Z", "2026-11-18T00:00:00.000Z", "2026-11-17T00:00:00.000Z"]);
    const cursor: Cursor = { bound: "2026-11-18T00:00:00.000Z", page: 1, seen: new Set(["clk_0"]) };
    expect(unwritten(page, cursor).map((e) => e.click.id)).toEqual(["clk_1", "clk_2"]);
  });

  it.each(["desc", "asc"] as const)("%s: writes every event once, in order, each request skipping nothing", (order) => {
    const times = Array.from({ length: 57 }, (_, i) =>
      new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3) * 1000).toISOString(),
    );
    const { written, skipped, expected } = exportAll(clicks(times), order, 10);
    expect(written).toEqual(expected);
    expect(skipped.every((offset) => offset === 0)).toBe(true);
  });

  it.each(["desc", "asc"] as const)("%s: moves the page on only while one instant holds more than a page", (order) => {
    const times = [
      ...Array.from({ length: 5 }, () => "2026-11-01T00:00:00.000Z"),
      ...Array.from({ length: 25 }, () => "2026-11-02T00:00:00.000Z"),
      ...Array.from({ length: 5 }, () => "2026-11-03T00:00:00.000Z"),
    ];
    const { written, skipped, expected } = exportAll(clicks(times), order, 10);
    expect(written).toEqual(expected);
    expect(skipped.some((offset) => offset > 0)).toBe(true);
    expect(Math.max(...skipped)).toBeLessThanOrEqual(20);
  });

  it("ends on a short page", () => {
    expect(nextCursor(FIRST_PAGE, clicks(["2026-11-01T00:00:00.000Z"]), 1)).toBeNull();
  });
});
