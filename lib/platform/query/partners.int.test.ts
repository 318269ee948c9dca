import { describe, expect, it } from "vitest";
import type { Metrics } from "../../contract/analytics";
import { analytics, type Params } from "./analyticsTestClient";

/**
 * What a partners report relies on: the partners' rows of a view plus the events of links without
 * a partner sum to the view's totals, for every metric and every filter set; first purchases per
 * partner likewise sum to the view's first purchases.
 */

const WINDOW = { interval: "30d" };
const FILTER_SETS: Params[] = [
  {},
  { country: "US,DE" },
  { device: "-Mobile" },
  { query: "metadata['plan']:'pro'" },
  { trigger: "link", utm_source: "-newsletter" },
];
const METRIC_KEYS = ["clicks", "leads", "sales", "saleAmount"] as const;

function sum(rows: readonly Metrics[]): Metrics {
  const out: Metrics = { clicks: 0, leads: 0, sales: 0, saleAmount: 0 };
  for (const row of rows) for (const key of METRIC_KEYS) out[key] += row[key];
  return out;
}

describe("partners and links without a partner add up to the page's totals", () => {
  it.each(FILTER_SETS.map((filters) => [JSON.stringify(filters), filters] as const))("%s", async (_name, filters) => {
    const params = { ...WINDOW, ...filters, event: "composite" };
    const [partners, total] = await Promise.all([analytics("top_partners", params), analytics("count", params)]);
    expect(partners.length).toBeGreaterThan(0);
    // An exclusion of every partner keeps the links whose partner is empty.
    const none = await analytics("count", { ...params, partnerId: `-${partners.map((p) => p.partnerId).join(",")}` });
    const partnered = sum(partners);
    for (const key of METRIC_KEYS) expect(partnered[key] + none[key], key).toBe(total[key]);

    const firstParams = { ...WINDOW, ...filters, event: "sales", saleType: "new" };
    const [firstByPartner, firsts] = await Promise.all([
      analytics("top_partners", firstParams),
      analytics("count", firstParams),
    ]);
    const noneFirsts = await analytics("count", {
      ...firstParams,
      partnerId: `-${partners.map((p) => p.partnerId).join(",")}`,
    });
    expect(sum(firstByPartner).sales + noneFirsts.sales).toBe(firsts.sales);
    expect(sum(firstByPartner).saleAmount + noneFirsts.saleAmount).toBe(firsts.saleAmount);
  });
});
