import { describe, expect, it } from "vitest";
import { MAX_BREAKDOWN_ROWS } from "../../contract/analytics";
import { analytics, type Params } from "./analyticsTestClient";

/**
 * The partners report reads first purchases per link (sales of type new, grouped by link) for two
 * figures at once (lib/queries/figurePlan.ts): summed, the page's Customers figure; grouped by each
 * link's partner, every partner's customers. Both are exact only if the per-link rows are a
 * partition of the view's first purchases and name each link's partner as the per-partner grouping does.
 */

const NEW = { event: "sales", saleType: "new" };
const VIEWS: Params[] = [
  { interval: "all" },
  { interval: "90d" },
  { interval: "all", country: "US" },
  { interval: "all", device: "Mobile,Desktop" },
];

describe.each(VIEWS.map((view) => [new URLSearchParams(view).toString(), view] as const))("%s", (_, view) => {
  it("first purchases per link: whole, summing to the count of first purchases, and grouped by partner equal to first purchases per partner", async () => {
    const [count, links, partners] = await Promise.all([
      analytics("count", { ...view, ...NEW }),
      analytics("top_links", { ...view, ...NEW }),
      analytics("top_partners", { ...view, ...NEW }),
    ]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThan(MAX_BREAKDOWN_ROWS);
    const sum = (key: "sales" | "saleAmount") => links.reduce((total, row) => total + row[key], 0);
    expect({ sales: sum("sales"), saleAmount: sum("saleAmount") }).toEqual({
      sales: count.sales,
      saleAmount: count.saleAmount,
    });
    const byPartner = new Map<string, { sales: number; saleAmount: number }>();
    for (const row of links) {
      if (!row.partnerId) continue;
      const firsts = byPartner.get(row.partnerId) ?? { sales: 0, saleAmount: 0 };
      byPartner.set(row.partnerId, { sales: firsts.sales + row.sales, saleAmount: firsts.saleAmount + row.saleAmount });
    }
    expect(byPartner).toEqual(
      new Map(partners.map((row) => [row.partnerId, { sales: row.sales, saleAmount: row.saleAmount }])),
    );
    expect(byPartner.size).toBeGreaterThan(0);
  });
});
