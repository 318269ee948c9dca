import { beforeAll, describe, expect, it } from "vitest";
import type { Metrics } from "../../contract/analytics";
import type { SaleEvent } from "../../contract/events";
import { BREAKDOWNS, BREAKDOWN_GROUP_BYS } from "../../contract/dimensions";
import { allEvents, analytics, type Params } from "./analyticsTestClient";

/**
 * Totals agree with GET /events: for a filter, each metric of `count` equals the number of
 * events /events lists for it across all its pages (sale amounts: the sum of their USD amounts
 * is not listed, so amounts are checked against breakdowns instead). Composite applies each
 * filter to the kinds it applies to: saleType to sales, query to leads and sales.
 */

const DAY = 86_400_000;
const NOW = Date.now();
// A closed window in the past: stable while the tests run.
const WINDOW = { start: new Date(NOW - 10 * DAY).toISOString(), end: new Date(NOW - 3 * DAY).toISOString() };

const without = (params: Params, ...names: string[]) =>
  Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));

async function eventCounts(filter: Params): Promise<Omit<Metrics, "saleAmount">> {
  const [clicks, leads, sales] = await Promise.all([
    allEvents({ ...WINDOW, event: "clicks", ...without(filter, "saleType", "query") }),
    allEvents({ ...WINDOW, event: "leads", ...without(filter, "saleType") }),
    allEvents({ ...WINDOW, event: "sales", ...filter }),
  ]);
  return { clicks: clicks.length, leads: leads.length, sales: sales.length };
}

let topDomain: string;
let topTag: string;
let topPartner: string;
let customer: string;

beforeAll(async () => {
  const [domains, tags, partners, sales] = await Promise.all([
    analytics("top_domains", WINDOW),
    analytics("top_link_tags", WINDOW),
    analytics("top_partners", WINDOW),
    allEvents({ ...WINDOW, event: "sales" }),
  ]);
  topDomain = domains[0].domain;
  topTag = tags[0].tagId;
  topPartner = partners[0].partnerId;
  customer = (sales[0] as SaleEvent).customer.id;
});

describe("count equals the events /events lists, page after page", () => {
  const cases: (() => Params)[] = [
    () => ({}),
    () => ({ country: "-US" }),
    () => ({ country: "US,DE", device: "-Mobile" }),
    () => ({ continent: "EU,NA", browser: "-Chrome", trigger: "link,qr" }),
    () => ({ referer: "(direct)" }),
    () => ({ domain: topDomain }),
    () => ({ tagId: topTag }),
    () => ({ tagId: `-${topTag}` }),
    () => ({ root: "false", utm_source: "-google" }),
    () => ({ partnerId: topPartner }),
    () => ({ customerId: customer }),
    () => ({ saleType: "new" }),
    () => ({ saleType: "recurring", country: "US" }),
    () => ({ query: "metadata['plan']:'pro'" }),
    () => ({ query: "metadata['plan']:pro" }),
    () => ({ query: "metadata['plan']:'pro'", saleType: "new", device: "Desktop" }),
  ];

  it.each(cases.map((make, i) => [i, make] as const))("case %i", async (_i, make) => {
    const filter = make();
    const [composite, expected] = await Promise.all([
      analytics("count", { ...WINDOW, event: "composite", ...filter }),
      eventCounts(filter),
    ]);
    expect(
      { clicks: composite.clicks, leads: composite.leads, sales: composite.sales },
      JSON.stringify(filter),
    ).toEqual(expected);
    expect(expected.clicks + expected.leads + expected.sales).toBeGreaterThan(0);
    // Each single event agrees too, where its filters are allowed.
    const kinds = [
      ["sales", "sales"],
      ["leads", "leads"],
      ["clicks", "clicks"],
    ] as const;
    for (const [event, metric] of kinds) {
      if (event !== "sales" && filter.saleType) continue;
      if (event === "clicks" && filter.query) continue;
      expect(
        (await analytics("count", { ...WINDOW, event, ...filter }))[metric],
        `${event} ${JSON.stringify(filter)}`,
      ).toBe(expected[metric]);
    }
  });

  it("sale amounts: the count's total equals the sum of the listed sales' USD amounts where all are in USD", async () => {
    const sales = (await allEvents({ ...WINDOW, event: "sales" })) as SaleEvent[];
    const usd = sales.filter((s) => s.sale.currency === "usd");
    const byLink = await analytics("top_links", { ...WINDOW, event: "sales" });
    const total = byLink.reduce((t, row) => t + row.saleAmount, 0);
    expect((await analytics("count", { ...WINDOW, event: "sales" })).saleAmount).toBe(total);
    // Links whose sales were all in USD: their amount is the plain sum.
    const usdOnly = byLink.filter((row) =>
      sales.filter((s) => s.link.id === row.id).every((s) => s.sale.currency === "usd"),
    );
    expect(usdOnly.length).toBeGreaterThan(0);
    for (const row of usdOnly) {
      expect(row.saleAmount).toBe(usd.filter((s) => s.link.id === row.id).reduce((t, s) => t + s.sale.amount, 0));
    }
  });
});

/** Base URLs group several `url` filter values: checked against /events below instead. */
const FILTERABLE_ROWS = BREAKDOWN_GROUP_BYS.filter((groupBy) => groupBy !== "top_base_urls");

describe("a breakdown row, used as a filter, selects exactly its events", () => {
  it.each(FILTERABLE_ROWS.map((groupBy) => [groupBy, { groupBy, ...BREAKDOWNS[groupBy] }] as const))(
    "%s",
    async (_groupBy, breakdown) => {
      const rows = await analytics(breakdown.groupBy, { ...WINDOW, event: "composite" });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows.slice(0, 2)) {
        const value = (row as Record<string, unknown>)[breakdown.rowKey];
        if (typeof value !== "string") throw new Error(`${breakdown.groupBy} row without ${breakdown.rowKey}`);
        const filter: Params = { [breakdown.filter]: value };
        // A city name can exist in several regions: pin it down.
        if ("region" in row && "country" in row)
          Object.assign(filter, { region: String(row.region), country: String(row.country) });
        const count = await analytics("count", { ...WINDOW, event: "composite", ...filter });
        const metrics = { clicks: row.clicks, leads: row.leads, sales: row.sales, saleAmount: row.saleAmount };
        expect(count, `${breakdown.groupBy} ${value}`).toEqual(metrics);
      }
    },
  );
});

describe("groupings checked against the events /events lists", () => {
  const baseOf = (url: string) => url.replace(/[?#].*$/, "");

  it("top_base_urls: each row counts the events whose destination has that base", async () => {
    const [rows, clicks, leads, sales] = await Promise.all([
      analytics("top_base_urls", { ...WINDOW, event: "composite" }),
      allEvents({ ...WINDOW, event: "clicks" }),
      allEvents({ ...WINDOW, event: "leads" }),
      allEvents({ ...WINDOW, event: "sales" }),
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => !/[?#]/.test(row.url))).toBe(true);
    for (const row of rows.slice(0, 3)) {
      const count = (list: { click: { url: string } }[]) => list.filter((e) => baseOf(e.click.url) === row.url).length;
      expect({ clicks: row.clicks, leads: row.leads, sales: row.sales }, row.url).toEqual({
        clicks: count(clicks),
        leads: count(leads),
        sales: count(sales),
      });
    }
  });

  it("an unquoted metadata value selects what the quoted one does", async () => {
    const [quoted, bare] = await Promise.all([
      allEvents({ ...WINDOW, event: "sales", query: "metadata['plan']:'pro'" }),
      allEvents({ ...WINDOW, event: "sales", query: "metadata['plan']:pro" }),
    ]);
    expect(quoted.length).toBeGreaterThan(0);
    expect(bare.map((e) => (e as SaleEvent).eventId)).toEqual(quoted.map((e) => (e as SaleEvent).eventId));
  });

  it("groupBy=trigger, the older name, answers what triggers does, and sums to /events", async () => {
    const [alias, triggers, clicks] = await Promise.all([
      analytics("triggers", { ...WINDOW, groupBy: "trigger" }),
      analytics("triggers", WINDOW),
      allEvents({ ...WINDOW, event: "clicks" }),
    ]);
    expect(alias).toEqual(triggers);
    for (const row of alias)
      expect(row.clicks, row.trigger).toBe(clicks.filter((e) => e.click.trigger === row.trigger).length);
  });
});
