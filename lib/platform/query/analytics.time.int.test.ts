import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TimeseriesRow } from "../../contract/analytics";
import type { LinkRecord } from "../../contract/events";
import { api } from "../testing/client";
import { openOracle, type Oracle } from "../testing/oracle";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { date } from "./rows";
import { analytics, analyticsClient, type Params } from "./analyticsTestClient";

/**
 * Time series against the real process: bucket starts are local hours, midnights, Mondays and
 * first days of the month in the requested zone, across DST changes; empty buckets are there
 * with zeros; and every bucket holds exactly the events /events lists between its bounds. The
 * seed's events are the last 30 days' whatever the date: the DST days checked against events get
 * theirs from visits recorded on a platform of the test's own, its clock set to each visit's time.
 */

const HOUR = 3_600_000;

/** Local wall-clock parts of an instant in a zone. */
function local(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    weekday: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekday: get("weekday"), day: get("day"), time: `${get("hour")}:${get("minute")}:${get("second")}` };
}

const starts = (rows: readonly TimeseriesRow[]) => rows.map((r) => r.start);
const gaps = (rows: readonly TimeseriesRow[]) =>
  rows.slice(1).map((r, i) => (Date.parse(r.start) - Date.parse(rows[i].start)) / HOUR);

let dst: WritablePlatform;
let visited: LinkRecord;
let clock = new Date("2026-10-20T00:00:00Z");
const onDst = analyticsClient((path, key) => dst.request(path, { key }));

/** A visit of the test's link every `everyMinutes` from `from` to `to`, each at its own time. */
async function visitsBetween(from: string, to: string, everyMinutes: number): Promise<void> {
  for (let at = Date.parse(from); at <= Date.parse(to); at += everyMinutes * 60_000) {
    clock = new Date(at);
    const res = await dst.request(`/r/${visited.domain}/${visited.key}`, { key: null });
    expect(res.status).toBe(302);
  }
}

beforeAll(async () => {
  dst = await startWritable({ now: () => clock });
  const res = await dst.request("/links", { body: { key: "dst-days", url: "https://example.com/dst" } });
  visited = res.body as LinkRecord;
  // Berlin's last Sunday of October (2026-10-25, 03:00 CEST → 02:00 CET) and New York's fall back (2026-11-01).
  await visitsBetween("2026-10-23T20:10:00Z", "2026-10-28T01:50:00Z", 97);
  await visitsBetween("2026-10-31T22:05:00Z", "2026-11-02T07:55:00Z", 23);
  clock = new Date("2026-11-03T00:00:00Z");
}, 60_000);
afterAll(() => dst?.close());

/** Each bucket's clicks equal the clicks /events lists within [start, next start) and the range. */
async function expectBucketsMatchEvents(
  rows: readonly TimeseriesRow[],
  params: Params,
  rangeEnd: number,
): Promise<void> {
  const clicks = await onDst.allEvents({ ...params, event: "clicks" });
  expect(clicks.length, "no clicks in the range: the check would be vacuous").toBeGreaterThan(0);
  const times = clicks.map((e) => Date.parse(e.timestamp));
  rows.forEach((row, i) => {
    const from = Date.parse(row.start);
    const to = i + 1 < rows.length ? Date.parse(rows[i + 1].start) : rangeEnd;
    expect(row.clicks, row.start).toBe(times.filter((t) => t >= from && t < to).length);
  });
  expect(rows.reduce((t, r) => t + r.clicks, 0)).toBe(clicks.length);
}

describe("hours across a DST change", () => {
  it("New York, fall back (2026-11-01): 25 hourly buckets, the repeated 01:00 twice", async () => {
    const params = { start: "2026-11-01", end: "2026-11-01", timezone: "America/New_York", linkId: visited.id };
    const rows = await onDst.analytics("timeseries", { ...params, granularity: "hour" });
    expect(rows).toHaveLength(25);
    expect(rows[0].start).toBe("2026-11-01T04:00:00.000Z");
    expect(rows[24].start).toBe("2026-11-02T04:00:00.000Z");
    expect(gaps(rows).every((g) => g === 1)).toBe(true);
    expect(rows.map((r) => local(r.start, "America/New_York").time).filter((t) => t === "01:00:00")).toHaveLength(2);
    // Without a granularity, a day is hourly too.
    expect(starts(await onDst.analytics("timeseries", params))).toEqual(starts(rows));
    // Each of the two 01:00 hours holds its own visits.
    expect(rows.filter((r) => local(r.start, "America/New_York").time === "01:00:00").map((r) => r.clicks > 0)).toEqual(
      [true, true],
    );
    await expectBucketsMatchEvents(rows, params, Date.parse("2026-11-02T05:00:00.000Z"));
  });

  it("the same day as explicit local date-times, offsets included", async () => {
    const rows = await analytics("timeseries", {
      start: "2026-11-01T00:00:00-04:00",
      end: "2026-11-01T23:59:59-05:00",
      timezone: "America/New_York",
    });
    expect(rows).toHaveLength(25);
  });

  it("New York, spring forward (2026-03-08): 23 hourly buckets", async () => {
    const rows = await analytics("timeseries", {
      start: "2026-03-08",
      end: "2026-03-08",
      timezone: "America/New_York",
      granularity: "hour",
    });
    expect(rows).toHaveLength(23);
    expect(rows.map((r) => local(r.start, "America/New_York").time)).not.toContain("02:00:00");
  });

  it("a half-hour zone: hours start at :30 UTC", async () => {
    const rows = await analytics("timeseries", { start: "2026-11-10", end: "2026-11-10", timezone: "Asia/Kolkata" });
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.start.slice(13) === ":30:00.000Z")).toBe(true);
  });
});

describe("days, weeks and months", () => {
  it("Berlin days over the last Sunday of October start at local midnight (a 25-hour day)", async () => {
    const params = {
      start: "2026-10-24",
      end: "2026-10-27",
      timezone: "Europe/Berlin",
      event: "composite",
      linkId: visited.id,
    };
    const rows = await onDst.analytics("timeseries", params);
    expect(starts(rows)).toEqual([
      "2026-10-23T22:00:00.000Z",
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T23:00:00.000Z",
      "2026-10-26T23:00:00.000Z",
    ]);
    expect(gaps(rows)).toEqual([24, 25, 24]);
    await expectBucketsMatchEvents(rows, without(params, "event"), Date.parse("2026-10-27T23:00:00.000Z"));
  });

  it("weeks start on Monday at local midnight; months on the 1st", async () => {
    const weeks = await analytics("timeseries", {
      interval: "90d",
      timezone: "America/Los_Angeles",
      granularity: "week",
    });
    for (const start of starts(weeks))
      expect(local(start, "America/Los_Angeles"), start).toMatchObject({ weekday: "Mon", time: "00:00:00" });
    const months = await analytics("timeseries", {
      interval: "1y",
      timezone: "Australia/Sydney",
      granularity: "month",
    });
    expect(months).toHaveLength(13);
    for (const start of starts(months))
      expect(local(start, "Australia/Sydney"), start).toMatchObject({ day: "01", time: "00:00:00" });
  });

  it("a range in the data's past is all there, zero-filled", async () => {
    const rows = await analytics("timeseries", { start: "2020-01-01", end: "2020-01-07", event: "composite" });
    expect(starts(rows)).toEqual(Array.from({ length: 7 }, (_, i) => `2020-01-0${i + 1}T00:00:00.000Z`));
    expect(rows.every((r) => r.clicks === 0 && r.leads === 0 && r.sales === 0 && r.saleAmount === 0)).toBe(true);
  });

  it("sparse series keep their empty buckets: sales per hour over a week", async () => {
    const rows = await analytics("timeseries", { interval: "7d", event: "sales", granularity: "hour" });
    expect(rows.length).toBeGreaterThanOrEqual(168);
    expect(gaps(rows).every((g) => g === 1)).toBe(true);
    expect(rows.some((r) => r.sales === 0)).toBe(true);
    expect(rows.some((r) => r.sales > 0)).toBe(true);
  });
});

describe("interval=all and granularity rules", () => {
  let oracle: Oracle;
  beforeAll(async () => {
    oracle = await openOracle();
  });
  afterAll(() => oracle?.close());

  it("interval=all starts at the workspace's creation, as /events does", async () => {
    const [row] = await oracle.all(`SELECT created_at FROM workspaces WHERE slug = 'acme'`);
    const created = date(row, "created_at");
    const rows = await analytics("timeseries", { interval: "all", granularity: "month" });
    const first = Date.parse(rows[0].start);
    expect(first).toBeLessThanOrEqual(created.getTime());
    expect(created.getTime() - first).toBeLessThan(31 * 24 * HOUR);
  });

  it.each([
    ["groupBy=timeseries&interval=all&granularity=hour", /coarser granularity/],
    ["groupBy=timeseries&granularity=minute", /granularity/],
    ["groupBy=count&granularity=day", /timeseries only/],
  ])("%s → 422", async (qs, message) => {
    const res = await api(`/analytics?${qs}`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(message);
  });
});

function without(params: Params, ...names: string[]): Params {
  return Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));
}
