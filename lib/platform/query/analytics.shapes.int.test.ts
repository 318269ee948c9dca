import { describe, expect, it } from "vitest";
import { ANALYTICS_EVENTS, METRICS, ORDER_METRIC, type AnalyticsEvent, type Metrics } from "../../contract/analytics";
import { BREAKDOWN_GROUP_BYS, type BreakdownGroupBy } from "../../contract/dimensions";
import { analytics } from "./analyticsTestClient";

/**
 * Every groupBy for every event against the real platform process: the strict reply schema
 * (checked in `analytics`), the order of breakdown rows, and the metrics each event carries.
 */

const ALL = { interval: "all" };
const EVENT_METRICS: Record<AnalyticsEvent, readonly (keyof Metrics)[]> = {
  clicks: ["clicks"],
  leads: ["leads"],
  sales: ["sales", "saleAmount"],
  composite: METRICS,
};

/** Breakdowns in which every event falls in exactly one row. */
const PARTITIONS: ReadonlySet<BreakdownGroupBy> = new Set([
  "continents",
  "countries",
  "regions",
  "cities",
  "devices",
  "browsers",
  "os",
  "triggers",
  "referers",
  "referer_urls",
  "top_urls",
  "top_base_urls",
  "top_links",
  "top_domains",
]);

/** Breakdowns in which an event may fall in several rows (a link's tags, a partner's tags). */
const OVERLAPPING: ReadonlySet<BreakdownGroupBy> = new Set(["top_link_tags", "top_partner_tags"]);

/** The row's dimension key as a comparable tuple (contract field order). */
function keyOf(row: Record<string, unknown>): string[] {
  return Object.entries(row)
    .filter(([field]) => !(METRICS as readonly string[]).includes(field))
    .map(([, value]) =>
      typeof value === "object" && value !== null && "id" in value ? String(value.id) : String(value),
    );
}

const sum = (rows: readonly Metrics[], metric: keyof Metrics) => rows.reduce((total, row) => total + row[metric], 0);

describe.each(ANALYTICS_EVENTS.map((event) => [event]))("event=%s", (event) => {
  it("count carries the event's metrics, the others zero", async () => {
    const count = await analytics("count", { ...ALL, event });
    for (const metric of METRICS) {
      if (EVENT_METRICS[event].includes(metric)) expect(count[metric], metric).toBeGreaterThan(0);
      else expect(count[metric], metric).toBe(0);
    }
  });

  it("timeseries sums to the count", async () => {
    const [count, series] = await Promise.all([
      analytics("count", { ...ALL, event }),
      analytics("timeseries", { ...ALL, event }),
    ]);
    for (const metric of METRICS) expect(sum(series, metric), metric).toBe(count[metric]);
  });

  it.each(BREAKDOWN_GROUP_BYS.map((groupBy) => [groupBy]))(
    "%s: ordered, no empty rows, sums agree with the count",
    async (groupBy) => {
      const [count, rows] = await Promise.all([
        analytics("count", { ...ALL, event }),
        analytics(groupBy, { ...ALL, event }),
      ]);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(1000);
      const order = ORDER_METRIC[event];
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]];
        expect(a[order] >= b[order], `${groupBy} row ${i} by ${order}`).toBe(true);
        if (a[order] === b[order])
          expect(keyOf(a).join("\u0000") < keyOf(b).join("\u0000"), `${groupBy} row ${i} by key`).toBe(true);
      }
      for (const row of rows) {
        expect(EVENT_METRICS[event].some((metric) => row[metric] > 0)).toBe(true);
        for (const metric of METRICS) if (!EVENT_METRICS[event].includes(metric)) expect(row[metric]).toBe(0);
      }
      for (const metric of EVENT_METRICS[event]) {
        if (PARTITIONS.has(groupBy) && rows.length < 1000) expect(sum(rows, metric), metric).toBe(count[metric]);
        else if (!OVERLAPPING.has(groupBy)) expect(sum(rows, metric), metric).toBeLessThanOrEqual(count[metric]);
      }
    },
  );
});

describe("row keys", () => {
  it("top_links repeats the id as the deprecated `link`; regions and cities carry their country", async () => {
    const [links, regions, cities] = await Promise.all([
      analytics("top_links", ALL),
      analytics("regions", ALL),
      analytics("cities", ALL),
    ]);
    for (const row of links) expect(row.link).toBe(row.id);
    for (const row of regions) expect(row.region.startsWith(`${row.country}-`)).toBe(true);
    for (const row of cities) expect(row.region.startsWith(`${row.country}-`)).toBe(true);
  });

  it("utm breakdowns leave out links without a value", async () => {
    const rows = await analytics("utm_campaigns", ALL);
    expect(rows.every((row) => row.utm_campaign.length > 0)).toBe(true);
  });
});
