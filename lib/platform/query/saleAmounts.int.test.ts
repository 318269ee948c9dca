import { beforeAll, describe, expect, it } from "vitest";
import type { SaleEvent } from "../../contract/events";
import { allEvents, analytics, type Params } from "./analyticsTestClient";

/**
 * One sale counts the same everywhere (issue 11): sales are stored in USD cents, as the hosted
 * platform stores them, so the amounts /events lists add up to /analytics' saleAmount (count,
 * timeseries and the breakdowns that split every sale once) and to the links' counters.
 */

const DAY = 86_400_000;
const NOW = Date.now();
// A closed window in the past: stable while the tests run.
const WINDOW = { start: new Date(NOW - 20 * DAY).toISOString(), end: new Date(NOW - 2 * DAY).toISOString() };

/** Breakdowns that put every sale in exactly one row (no untagged, partnerless or UTM-less sales left out, none counted twice). */
const PARTITIONS = ["countries", "devices", "triggers", "top_links"] as const;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

async function listedSales(filter: Params, range: Params = WINDOW): Promise<SaleEvent[]> {
  return (await allEvents({ ...range, event: "sales", ...filter })) as SaleEvent[];
}

let partnerId: string;

beforeAll(async () => {
  const partners = await analytics("top_partners", { ...WINDOW, event: "sales" });
  partnerId = partners[0].partnerId;
});

describe("the listed sale amounts are the analytics' saleAmount", () => {
  const cases: [string, () => Params][] = [
    ["no filter", () => ({})],
    ["a country", () => ({ country: "US" })],
    ["new sales", () => ({ saleType: "new" })],
    ["renewals", () => ({ saleType: "recurring" })],
    ["a partner", () => ({ partnerId })],
    ["a metadata query", () => ({ query: "metadata['plan']:'pro'" })],
    ["a device excluded", () => ({ device: "-Desktop" })],
    ["several at once", () => ({ country: "-US", saleType: "new", device: "-Mobile" })],
  ];

  it.each(cases)("%s", async (_name, make) => {
    const filter = make();
    const [sales, count, series, ...breakdowns] = await Promise.all([
      listedSales(filter),
      analytics("count", { ...WINDOW, event: "sales", ...filter }),
      analytics("timeseries", { ...WINDOW, event: "sales", granularity: "day", ...filter }),
      ...PARTITIONS.map((groupBy) => analytics(groupBy, { ...WINDOW, event: "sales", ...filter })),
    ]);
    const label = JSON.stringify(filter);
    expect(sales.length, label).toBeGreaterThan(0);
    expect(new Set(sales.map((s) => s.sale.currency))).toEqual(new Set(["usd"]));
    const listed = sum(sales.map((s) => s.sale.amount));
    expect(count, label).toMatchObject({ sales: sales.length, saleAmount: listed });
    expect(sum(series.map((row) => row.saleAmount)), `${label} timeseries`).toBe(listed);
    breakdowns.forEach((rows, i) =>
      expect(sum(rows.map((row) => row.saleAmount)), `${label} ${PARTITIONS[i]}`).toBe(listed),
    );
    // The deprecated top-level duplicate is the same amount.
    for (const sale of sales) expect(sale.saleAmount).toBe(sale.sale.amount);
  });
});

describe("the links' counters are their sales", () => {
  it("link.sales and link.saleAmount are the count and the sum of every sale of the link, and analytics agrees", async () => {
    const all = { interval: "all" };
    const byLink = await analytics("top_links", { ...all, event: "sales" });
    expect(byLink.length).toBeGreaterThan(2);
    for (const row of byLink.slice(0, 3)) {
      const sales = await listedSales({ linkId: row.id }, all);
      const link = sales[0].link;
      const listed = sum(sales.map((s) => s.sale.amount));
      expect({ sales: link.sales, saleAmount: link.saleAmount }, row.id).toEqual({
        sales: sales.length,
        saleAmount: listed,
      });
      expect({ sales: row.sales, saleAmount: row.saleAmount }, row.id).toEqual({
        sales: sales.length,
        saleAmount: listed,
      });
    }
  });
});
