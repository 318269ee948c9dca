import { describe, expect, it } from "vitest";
import { cardCsvTable } from "./cardCsv";
import type { BreakdownItem } from "./items";
import { saleTypeFigures } from "./saleTypeFigures";

const fresh: BreakdownItem = {
  value: "new",
  label: "New",
  metrics: { clicks: 0, leads: 0, sales: 3, saleAmount: 30_000 },
};
const recurring: BreakdownItem = {
  value: "recurring",
  label: "Recurring",
  metrics: { clicks: 0, leads: 0, sales: 1, saleAmount: 10_000 },
};

describe("the New vs recurring tab's figures", () => {
  it("are its two counts: sales and revenue per sale type, summed in the totals, with no request more", async () => {
    const figures = saleTypeFigures([fresh, recurring], "linklens-new-vs-recurring.csv");
    expect(figures.columns).toEqual(["sales", "saleAmount"]);
    expect(figures.totals).toMatchObject({ sales: 4, saleAmount: 40_000 });
    expect(await figures.load()).toBe(figures.rows);
  });

  it("make a CSV like every card's: the sale type, sales, revenue in major units and the share", async () => {
    const figures = saleTypeFigures([fresh, recurring], "x.csv");
    const table = cardCsvTable({
      dimensionLabel: "Sale type",
      items: [fresh, recurring],
      total: 40_000,
      metric: "saleAmount",
      rows: await figures.load(),
      columns: figures.columns,
      comparison: null,
    });
    expect(table.header).toEqual(["Sale type", "Value", "Sales", "Revenue (USD)", "Share of revenue (%)"]);
    expect(table.rows).toEqual([
      ["New", "new", "3", "300.00", "75.00"],
      ["Recurring", "recurring", "1", "100.00", "25.00"],
    ]);
  });

  it("are not there before the counts are", () => {
    expect(saleTypeFigures(undefined, "x.csv")).toMatchObject({ rows: null, totals: null });
  });
});
