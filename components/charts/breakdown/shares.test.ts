import { describe, expect, it } from "vitest";
import type { Metrics } from "@/lib/contract/analytics";
import { cardShares } from "./shares";
import type { BreakdownItem } from "./items";

const row = (value: string, saleAmount: number, clicks = 0): BreakdownItem => ({
  value,
  label: value,
  metrics: { clicks, leads: 0, sales: 0, saleAmount } satisfies Metrics,
});

describe("cardShares: every card's shares are of the card's total", () => {
  it("UTM sources: of all revenue, not of UTM-tagged revenue only", () => {
    // $100 of revenue in the view; $58.60 of it carries a UTM source.
    const items = [row("google", 3000), row("linkedin", 1600), row("newsletter", 1260)];
    const shares = cardShares(items, undefined, "saleAmount", 10_000);
    expect(shares.base).toBe(10_000);
    expect(shares.items[1].metrics.saleAmount / shares.base).toBeCloseTo(0.16);
    expect(shares.unlisted).toBe(4_140);
  });

  it("countries and referrers, whose rows cover everything, get the same base as their sum", () => {
    const items = [row("US", 6000), row("DE", 4000)];
    expect(cardShares(items, undefined, "saleAmount", 10_000)).toMatchObject({ base: 10_000, unlisted: 0 });
  });

  it("partners: of all revenue, the rest being revenue through no partner", () => {
    const shares = cardShares([row("pn_1", 2500)], undefined, "saleAmount", 10_000);
    expect(shares.items[0].metrics.saleAmount / shares.base).toBe(0.25);
  });

  it("an excluded value is neither listed nor in the base", () => {
    const items = [row("Desktop", 0, 600), row("Mobile", 0, 300), row("Tablet", 0, 100)];
    const shares = cardShares(items, { exclude: true, values: ["Mobile"] }, "clicks", 1000);
    expect(shares.items.map((i) => i.value)).toEqual(["Desktop", "Tablet"]);
    expect(shares.base).toBe(700);
    expect(shares.items[0].metrics.clicks / shares.base).toBeCloseTo(6 / 7);
  });

  it("an included value keeps every row listed: shares of all values, the selection among them", () => {
    const items = [row("Desktop", 0, 600), row("Mobile", 0, 400)];
    const shares = cardShares(items, { exclude: false, values: ["Mobile"] }, "clicks", 1000);
    expect(shares.items).toHaveLength(2);
    expect(shares.base).toBe(1000);
  });

  it("without the card's total yet, the listed rows' sum; never less than it", () => {
    const items = [row("US", 600), row("DE", 400)];
    expect(cardShares(items, undefined, "saleAmount", undefined)).toMatchObject({ base: 1000, unlisted: 0 });
    // A total counted a moment earlier than the rows (live traffic) does not make shares pass 100%.
    expect(cardShares(items, undefined, "saleAmount", 900)).toMatchObject({ base: 1000, unlisted: 0 });
  });
});
