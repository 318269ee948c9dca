import { describe, expect, it } from "vitest";
import { topLinkRow } from "./topLinkRow.fixture";
import { MAX_BREAKDOWN_ROWS, type BreakdownRow } from "../contract/analytics";
import { firstsByPartner, isWhole, PARTNER_MEASURES, partnerFigures, sortPartners, withoutPartner } from "./partners";

const row = (
  id: string,
  name: string,
  m: { clicks: number; leads: number; sales: number; saleAmount: number },
): BreakdownRow<"top_partners"> => ({
  partnerId: id,
  partner: { id, name, email: `${name.toLowerCase()}@example.com`, image: null, country: "US" },
  ...m,
});

const all = [
  row("pn_a", "Ada", { clicks: 1000, leads: 50, sales: 20, saleAmount: 200_000 }),
  row("pn_b", "Bo", { clicks: 400, leads: 40, sales: 4, saleAmount: 30_000 }),
  row("pn_c", "Cy", { clicks: 10, leads: 0, sales: 0, saleAmount: 0 }),
];
const firsts = [
  row("pn_a", "Ada", { clicks: 0, leads: 0, sales: 8, saleAmount: 80_000 }),
  row("pn_b", "Bo", { clicks: 0, leads: 0, sales: 4, saleAmount: 30_000 }),
];

describe("a partners report", () => {
  const partners = partnerFigures(all, firsts);

  it("gives each partner its customers and the revenue of their first purchases, renewals apart", () => {
    const ada = partners[0];
    expect([ada.customers, ada.customerAmount]).toEqual([8, 80_000]);
    expect(PARTNER_MEASURES.recurringRevenue(ada)).toBe(120_000);
    expect(PARTNER_MEASURES.leadToCustomer(ada)).toBeCloseTo(8 / 50);
    expect(PARTNER_MEASURES.averageSale(ada)).toBe(10_000);
    expect(partners[2].customers).toBe(0);
    expect(PARTNER_MEASURES.leadToCustomer(partners[2])).toBeNull();
  });

  it("sums with the links without a partner to the page's totals", () => {
    const total = { clicks: 2000, leads: 100, sales: 30, saleAmount: 260_000, customers: 15, customerAmount: 130_000 };
    const rest = withoutPartner(total, partners);
    expect(rest).toEqual({
      clicks: 590,
      leads: 10,
      sales: 6,
      saleAmount: 30_000,
      customers: 3,
      customerAmount: 20_000,
    });
    for (const key of Object.keys(total) as (keyof typeof total)[])
      expect(partners.reduce((s, p) => s + p[key], 0) + rest[key]).toBe(total[key]);
  });

  it("sorts by any column either way, nulls last, then by name", () => {
    expect(sortPartners(partners, "revenue", false).map((p) => p.name)).toEqual(["Ada", "Bo", "Cy"]);
    expect(sortPartners(partners, "clickToLead", false).map((p) => p.name)).toEqual(["Bo", "Ada", "Cy"]);
    expect(sortPartners(partners, "averageSale", true).map((p) => p.name)).toEqual(["Bo", "Ada", "Cy"]);
    expect(sortPartners(partners, "name", false).map((p) => p.name)).toEqual(["Cy", "Bo", "Ada"]);
  });
});

const link = topLinkRow;

describe("first purchases per link, as the partners report reads them", () => {
  const links = [
    link("l1", "pn_a", 5, 50_000),
    link("l2", null, 7, 21_000),
    link("l3", "pn_a", 3, 30_000),
    link("l4", "pn_b", 4, 30_000),
  ];

  it("grouped by each link's partner: each partner's customers; links without a partner only in the total", () => {
    expect(firstsByPartner(links)).toEqual([
      { partnerId: "pn_a", sales: 8, saleAmount: 80_000 },
      { partnerId: "pn_b", sales: 4, saleAmount: 30_000 },
    ]);
    const partners = partnerFigures(all, firstsByPartner(links));
    expect(partners.map((p) => [p.partnerId, p.customers, p.customerAmount])).toEqual([
      ["pn_a", 8, 80_000],
      ["pn_b", 4, 30_000],
      ["pn_c", 0, 0],
    ]);
  });

  it("is whole (sums to the view's first purchases) only below the platform's cap on rows", () => {
    expect(isWhole(links)).toBe(true);
    expect(isWhole(Array.from({ length: MAX_BREAKDOWN_ROWS - 1 }, (_, i) => link(`l${i}`, null, 1, 1)))).toBe(true);
    expect(isWhole(Array.from({ length: MAX_BREAKDOWN_ROWS }, (_, i) => link(`l${i}`, null, 1, 1)))).toBe(false);
  });
});
