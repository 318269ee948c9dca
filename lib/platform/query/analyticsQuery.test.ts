import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReplySchemas, parseAnalyticsQuery, type AnalyticsReply } from "../../contract/analytics";
import { resolveRange } from "../../contract/dateRange";
import { GROUP_BYS, type GroupBy } from "../../contract/dimensions";
import { queryAnalytics } from "./analyticsQuery";
import type { Store } from "./store";
import { createFixture, NOW, type Fixture } from "./testFixture";

/**
 * The analytics SQL on the hand-made fixture, where every number can be counted by hand:
 * acme clicks c1 (US, lnk_1, 1h ago), c2 (DE, lnk_1, 2h), c3 (FR, lnk_2, 3h), c4 (US, lnk_3, 4h),
 * c5 (JP, lnk_3, 4h), c6 (US, lnk_1, 30h); leads l1 (c1), l2 (c3), l3 (c4);
 * sales s1 4900 new and s2 4500 recurring (both c1), s3 1000 new (c4).
 */

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx?.close());

const ACME_CREATED = new Date("2025-01-01T00:00:00Z");

async function run<G extends GroupBy>(
  groupBy: G,
  qs: string,
  workspaceId = "ws_acme",
  store: Store = fx.store,
): Promise<AnalyticsReply<G>> {
  const query = parseAnalyticsQuery(new URLSearchParams(`groupBy=${groupBy}&${qs}`));
  const range = resolveRange(query, NOW, ACME_CREATED);
  const reply = await queryAnalytics(store, query, { workspaceId, range });
  return analyticsReplySchemas[groupBy].parse(reply) as AnalyticsReply<G>;
}

const m = (clicks: number, leads: number, sales: number, saleAmount: number) => ({ clicks, leads, sales, saleAmount });

describe("count", () => {
  it.each([
    ["event=composite", m(5, 3, 3, 10400)],
    ["event=composite&interval=all", m(6, 3, 3, 10400)],
    ["event=clicks", m(5, 0, 0, 0)],
    ["event=leads", m(0, 3, 0, 0)],
    ["event=sales&saleType=new", m(0, 0, 2, 5900)],
    // saleType narrows sales only; query narrows leads and sales; neither touches clicks.
    ["event=composite&saleType=recurring", m(5, 3, 1, 4500)],
    ["event=composite&query=metadata['plan']:'pro'", m(5, 1, 1, 4900)],
    ["event=composite&country=US", m(2, 2, 3, 10400)],
    ["event=composite&country=-US", m(3, 1, 0, 0)],
    ["event=composite&tagId=tag_a", m(2, 1, 2, 9400)],
    ["event=composite&customerId=cus_1", m(1, 1, 2, 9400)],
    ["event=composite&start=2020-01-01&end=2020-01-02", m(0, 0, 0, 0)],
  ])("%s", async (qs, expected) => {
    expect(await run("count", qs)).toEqual(expected);
  });

  it("counts the key's workspace only", async () => {
    expect(await run("count", "event=composite", "ws_glob")).toEqual(m(2, 1, 1, 100));
  });
});

describe("breakdowns", () => {
  it("click dimensions: leads and sales count through their click; ordered by the metric, then the key", async () => {
    expect(await run("countries", "event=clicks")).toEqual([
      { country: "US", ...m(2, 0, 0, 0) },
      { country: "DE", ...m(1, 0, 0, 0) },
      { country: "FR", ...m(1, 0, 0, 0) },
      { country: "JP", ...m(1, 0, 0, 0) },
    ]);
    expect(await run("countries", "event=composite")).toEqual([
      { country: "US", ...m(2, 2, 3, 10400) },
      { country: "DE", ...m(1, 0, 0, 0) },
      { country: "FR", ...m(1, 1, 0, 0) },
      { country: "JP", ...m(1, 0, 0, 0) },
    ]);
    expect(await run("countries", "event=leads")).toEqual([
      { country: "US", ...m(0, 2, 0, 0) },
      { country: "FR", ...m(0, 1, 0, 0) },
    ]);
    expect(await run("triggers", "event=clicks")).toEqual([
      { trigger: "link", ...m(2, 0, 0, 0) },
      { trigger: "qr", ...m(2, 0, 0, 0) },
      { trigger: "pageview", ...m(1, 0, 0, 0) },
    ]);
    expect(await run("cities", "event=composite&country=US")).toEqual([
      { country: "US", region: "US-CA", city: "San Francisco", ...m(1, 1, 2, 9400) },
      { country: "US", region: "US-NY", city: "New York", ...m(1, 1, 1, 1000) },
    ]);
    expect(await run("referer_urls", "event=clicks&referer=twitter.com")).toEqual([
      { refererUrl: "https://twitter.com/path", ...m(1, 0, 0, 0) },
    ]);
    expect(await run("top_urls", "event=clicks&linkId=lnk_3")).toEqual([
      { url: "https://acme.com/summer", ...m(2, 0, 0, 0) },
    ]);
  });

  it("sales are ordered by amount", async () => {
    const rows = await run("top_links", "event=sales");
    expect(rows.map((r) => [r.id, r.sales, r.saleAmount])).toEqual([
      ["lnk_1", 2, 9400],
      ["lnk_3", 1, 1000],
    ]);
  });

  it("top links carry the link's identity", async () => {
    const rows = await run("top_links", "event=composite");
    expect(rows.map((r) => [r.id, r.clicks, r.leads, r.sales, r.saleAmount])).toEqual([
      ["lnk_1", 2, 1, 2, 9400],
      ["lnk_3", 2, 1, 1, 1000],
      ["lnk_2", 1, 1, 0, 0],
    ]);
    expect(rows[0]).toEqual({
      id: "lnk_1",
      link: "lnk_1",
      domain: "acme.link",
      key: "spring",
      shortLink: "https://acme.link/spring",
      url: "https://acme.com/spring",
      title: null,
      comments: null,
      folderId: "fold_1",
      partnerId: "pn_1",
      createdAt: "2025-06-01T00:00:00.000Z",
      ...m(2, 1, 2, 9400),
    });
    expect(rows[2]).toMatchObject({ key: "_root", shortLink: "https://acme.link" });
  });

  it("link dimensions: domains, tags (a link counts for each of its tags), partners, UTM values", async () => {
    expect(await run("top_domains", "event=clicks")).toEqual([
      { domain: "acme.link", ...m(3, 0, 0, 0) },
      { domain: "go.acme.com", ...m(2, 0, 0, 0) },
    ]);
    expect(await run("top_link_tags", "event=composite")).toEqual([
      { tagId: "tag_b", tag: { id: "tag_b", name: "Beta", color: "blue" }, ...m(4, 2, 3, 10400) },
      { tagId: "tag_a", tag: { id: "tag_a", name: "Alpha", color: "red" }, ...m(2, 1, 2, 9400) },
    ]);
    expect(await run("top_partners", "event=composite")).toEqual([
      {
        partnerId: "pn_1",
        partner: { id: "pn_1", name: "pn_1", email: "pn_1@example.com", image: null, country: "US" },
        ...m(2, 1, 2, 9400),
      },
      {
        partnerId: "pn_2",
        partner: { id: "pn_2", name: "pn_2", email: "pn_2@example.com", image: null, country: "US" },
        ...m(2, 1, 1, 1000),
      },
    ]);
    // lnk_2 has no UTM values: its click is left out, not listed under an empty value.
    expect(await run("utm_sources", "event=clicks")).toEqual([
      { utm_source: "google", ...m(2, 0, 0, 0) },
      { utm_source: "newsletter", ...m(2, 0, 0, 0) },
    ]);
    expect(await run("utm_terms", "event=clicks")).toEqual([{ utm_term: "shoes", ...m(2, 0, 0, 0) }]);
  });

  it("another workspace's rows never appear, and an empty range lists nothing", async () => {
    // Composite orders by clicks only: a tie goes to the key, whatever the other metrics.
    expect(await run("countries", "event=composite", "ws_glob")).toEqual([
      { country: "DE", ...m(1, 0, 0, 0) },
      { country: "US", ...m(1, 1, 1, 100) },
    ]);
    expect(await run("top_link_tags", "event=clicks&tagId=tag_g")).toEqual([]);
    expect(await run("countries", "start=2020-01-01&end=2020-01-02")).toEqual([]);
  });
});

describe("timeseries", () => {
  it("hours over the last 24h, zero-filled, the partial first and last hours included", async () => {
    const rows = await run("timeseries", "event=composite");
    expect(rows).toHaveLength(25);
    expect(rows[0].start).toBe("2026-03-14T12:00:00.000Z");
    expect(rows[24].start).toBe("2026-03-15T12:00:00.000Z");
    const nonEmpty = rows.filter((r) => r.clicks + r.leads + r.sales > 0);
    expect(nonEmpty).toEqual([
      { start: "2026-03-15T08:00:00.000Z", ...m(2, 1, 0, 0) },
      { start: "2026-03-15T09:00:00.000Z", ...m(1, 1, 1, 1000) },
      { start: "2026-03-15T10:00:00.000Z", ...m(1, 0, 0, 0) },
      { start: "2026-03-15T11:00:00.000Z", ...m(1, 1, 2, 9400) },
    ]);
  });

  it("hour buckets start on the zone's local hours, also at half-hour offsets", async () => {
    const rows = await run("timeseries", "event=clicks&timezone=Asia/Kolkata");
    expect(rows).toHaveLength(25);
    expect(rows[0].start).toBe("2026-03-14T11:30:00.000Z");
    expect(rows.find((r) => r.clicks === 2)?.start).toBe("2026-03-15T07:30:00.000Z");
  });

  it("days, weeks (from Monday) and months start at local midnight", async () => {
    const days = await run("timeseries", "event=clicks&interval=7d&timezone=America/New_York");
    expect(days).toHaveLength(8);
    expect(days.every((r) => r.start.endsWith("T05:00:00.000Z") || r.start.endsWith("T04:00:00.000Z"))).toBe(true);
    expect(days.at(-1)).toEqual({ start: "2026-03-15T04:00:00.000Z", ...m(5, 0, 0, 0) });
    // 2026-03-08 is the spring-forward Sunday in New York: midnight moves from -05:00 to -04:00.
    expect(days.map((r) => r.start)).toContain("2026-03-08T05:00:00.000Z");
    expect(days.map((r) => r.start)).toContain("2026-03-09T04:00:00.000Z");

    const weeks = await run(
      "timeseries",
      "event=clicks&start=2026-03-01&end=2026-03-15&granularity=week&timezone=Europe/Berlin",
    );
    expect(weeks.map((r) => r.start)).toEqual([
      "2026-02-22T23:00:00.000Z",
      "2026-03-01T23:00:00.000Z",
      "2026-03-08T23:00:00.000Z",
    ]);
    expect(weeks.map((r) => r.clicks)).toEqual([0, 0, 6]);

    const months = await run("timeseries", "event=composite&interval=all&granularity=month&timezone=Europe/Berlin");
    expect(months[0].start).toBe("2024-12-31T23:00:00.000Z");
    expect(months.at(-1)).toEqual({ start: "2026-02-28T23:00:00.000Z", ...m(6, 3, 3, 10400) });
    expect(months).toHaveLength(15);
  });

  it("refuses more than MAX_BUCKETS buckets", async () => {
    await expect(run("timeseries", "interval=all&granularity=hour")).rejects.toMatchObject({
      code: "unprocessable_entity",
    });
  });
});

describe("rollups", () => {
  // Ranges whose ends fall inside a slot, on a slot boundary, or hold no whole slot at all.
  const ranges = [
    "interval=all",
    "interval=24h",
    "interval=7d&timezone=America/New_York",
    "start=2026-03-14T05:59:59.999Z&end=2026-03-15T08:00:00.001Z",
    "start=2026-03-14T06:00:00.000Z&end=2026-03-15T08:00:00.000Z",
    "start=2026-03-15T07:50:00.000Z&end=2026-03-15T08:10:00.000Z",
  ];

  // 24 groupBys × 6 ranges × 2 events, each asked twice: about 600 queries, several seconds on a
  // loaded 2-core machine, past vitest's 5 s default.
  it("every groupBy reads the same from the rollups as from the events", { timeout: 60_000 }, async () => {
    const schema = fx.store.rollups;
    if (!schema) throw new Error("the fixture's store has no rollups");
    let rollupReads = 0;
    const withRollups: Store = {
      ...fx.store,
      db: {
        all: (sql, params) => {
          if (sql.includes(schema)) rollupReads += 1;
          return fx.store.db.all(sql, params);
        },
      },
    };
    const eventsOnly: Store = { ...fx.store, rollups: null };
    for (const groupBy of GROUP_BYS) {
      for (const range of ranges) {
        // Composite reads all three kinds; sales order by amount.
        for (const event of ["composite", "sales"]) {
          const qs = `event=${event}&${range}`;
          expect(await run(groupBy, qs, "ws_acme", withRollups), `${groupBy} ${qs}`).toEqual(
            await run(groupBy, qs, "ws_acme", eventsOnly),
          );
        }
      }
    }
    expect(rollupReads).toBeGreaterThan(GROUP_BYS.length * 4);
  });

  // Filters a rollup stores the columns of (lists, exclusions, two and three at once), and filters none
  // answers (two extra columns, a link attribute, metadata): each must read as the events do.
  const filters = [
    "country=US,DE",
    "country=-US",
    "device=-Mobile",
    "device=Mobile,Tablet&country=US",
    "trigger=qr",
    "referer=-(direct)",
    "trigger=-qr&referer=google.com",
    "country=US,DE&device=Desktop&trigger=qr",
    "continent=EU&browser=-Chrome",
    "device=Mobile&os=iOS&country=-US",
    "country=US&linkId=lnk_1",
    "country=US&query=metadata['plan']:'pro'",
    // Columns of many values and the link's attributes, read from the rollups beside them (factKeys.ts `borrowed`).
    "domain=acme.link&device=-Mobile",
    "domain=acme.link&continent=EU&device=Mobile,Tablet&country=-FR",
    "domain=acme.link&browser=Safari",
    "tagId=tag_a&trigger=qr",
    "referer=google.com&country=US",
    "city=Berlin,Paris",
    "refererUrl=https://google.com/path&url=-https://acme.com/pricing",
  ];
  // [range, the timeseries' granularity]: UTC days and hours (the day and hour rollups are exact),
  // New York's days across its spring-forward (hours only), Kolkata's half-hour offset (neither:
  // the 15-minute slots of the events), and ends inside a slot.
  const filteredRanges = [
    ["interval=30d", "day"],
    ["interval=7d&timezone=America/New_York", "day"],
    ["interval=24h&timezone=Asia/Kolkata", "hour"],
    ["interval=all&timezone=Asia/Kolkata", "month"],
    ["start=2026-03-14T05:59:59.999Z&end=2026-03-15T08:00:00.001Z", "hour"],
  ] as const;
  const groupBys = [
    "count",
    "timeseries",
    "countries",
    "regions",
    "cities",
    "devices",
    "top_links",
    "top_domains",
    "top_link_tags",
    "utm_sources",
    "referers",
    "referer_urls",
    "top_urls",
  ] as const;

  // What the test above shows exact, read where it should be: a filter on a link's attributes or on
  // a column of many values answered by the rollup stored beside that column, not a range of events.
  it.each([
    ["timeseries", "linkId=lnk_1&granularity=day", "link_id"],
    ["countries", "domain=acme.link&device=-Mobile", "domain__week_country_device"],
    ["countries", "tagId=tag_a&device=-Mobile", "link_id__week_country_device"],
    ["top_links", "country=US&device=Mobile", "link_id__week_country_device"],
    ["countries", "domain=acme.link&browser=Safari", "link_id__week_cube"],
    ["top_links", "tagId=tag_a&trigger=qr", "link_id__trigger"],
    ["devices", "referer=google.com&country=US", "referer__week_cube"],
    ["count", "refererUrl=https://google.com/path", "referer_url"],
    ["countries", "city=Berlin,Paris", "country_region_city"],
  ] as const)("%s with %s reads %s", async (groupBy, filter, table) => {
    const schema = fx.store.rollups;
    if (!schema) throw new Error("the fixture's store has no rollups");
    const statements: string[] = [];
    const recording: Store = {
      ...fx.store,
      db: {
        all: (sql, params) => {
          statements.push(sql);
          return fx.store.db.all(sql, params);
        },
      },
    };
    await run(groupBy, `event=clicks&${filter}&interval=90d`, "ws_acme", recording);
    expect(statements.join("\n")).toContain(`FROM ${schema}.${table} r`);
  });

  // About 1,600 queries: a minute idle, several on a loaded 2-core machine.
  it("filtered on click columns, every groupBy reads the same from the rollups as from the events", {
    timeout: 300_000,
  }, async () => {
    const schema = fx.store.rollups;
    if (!schema) throw new Error("the fixture's store has no rollups");
    const tables = new Set<string>();
    const withRollups: Store = {
      ...fx.store,
      db: {
        all: (sql, params) => {
          for (const [table] of sql.matchAll(new RegExp(`${schema}\\.\\w+__\\w+`, "g"))) tables.add(table);
          return fx.store.db.all(sql, params);
        },
      },
    };
    const eventsOnly: Store = { ...fx.store, rollups: null };
    for (const groupBy of groupBys) {
      for (const filter of filters) {
        for (const [range, granularity] of filteredRanges) {
          const qs = `event=composite&${filter}&${range}${groupBy === "timeseries" ? `&granularity=${granularity}` : ""}`;
          expect(await run(groupBy, qs, "ws_acme", withRollups), `${groupBy} ${qs}`).toEqual(
            await run(groupBy, qs, "ws_acme", eventsOnly),
          );
        }
      }
    }
    // Every rollup kept beside a filter column was read.
    expect([...tables].sort()).toEqual(
      [
        "country__device",
        "country_region__week_cube",
        "country_region_city__week_cube",
        "day__country",
        "day__cube",
        "domain__week_country_device",
        "hour__country",
        "link_id__referer",
        "link_id__trigger",
        "link_id__week_country_device",
        "link_id__week_cube",
        "referer__week_cube",
        "referer_url__week_cube",
        "url__week_cube",
        "week__cube",
      ].map((table) => `${schema}.${table}`),
    );
  });
});
