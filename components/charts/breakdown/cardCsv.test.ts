import { describe, expect, it } from "vitest";
import { rowChange } from "@/lib/analytics/rowChange";
import { ROW_COLUMNS } from "@/lib/analytics/rowFigures";
import { cardCsv, cardCsvTable } from "./cardCsv";
import type { BreakdownItem } from "./items";

const us: BreakdownItem = {
  value: "US",
  label: "United States",
  metrics: { clicks: 60, leads: 6, sales: 2, saleAmount: 12_345 },
};
const de: BreakdownItem = {
  value: "DE",
  label: "=Germany",
  metrics: { clicks: 40, leads: 0, sales: 0, saleAmount: 0 },
};

describe("a card's CSV", () => {
  it("has the table's columns: every metric, both rates, the share; money in major units, rates in %", () => {
    const rows = new Map([
      [us, { ...us.metrics, customers: 3 }],
      [de, { ...de.metrics, customers: 0 }],
    ]);
    const table = cardCsvTable({
      dimensionLabel: "Country",
      items: [us, de],
      total: 100,
      metric: "clicks",
      rows,
      columns: ROW_COLUMNS,
      comparison: null,
    });
    expect(table.header).toEqual([
      "Country",
      "Value",
      "Clicks",
      "Leads",
      "Sales",
      "Revenue (USD)",
      "Click → lead (%)",
      "Lead → customer (%)",
      "Share of clicks (%)",
    ]);
    expect(table.rows).toEqual([
      ["United States", "US", "60", "6", "2", "123.45", "10.00", "50.00", "60.00"],
      ["=Germany", "DE", "40", "0", "0", "0.00", "0.00", "", "40.00"],
    ]);
  });

  it("adds the metric before and both changes when comparing", () => {
    const changes = new Map([[us, rowChange(60, 30, 100, 100)]]);
    const table = cardCsvTable({
      dimensionLabel: "Country",
      items: [us, de],
      total: 100,
      metric: "clicks",
      rows: null,
      columns: ["clicks"],
      comparison: { changes, against: "the previous period" },
    });
    expect(table.header.slice(-3)).toEqual(["Clicks before", "Change", "Share change"]);
    expect(table.rows[0].slice(-3)).toEqual(["30", "+100%", "+30 pp"]);
    expect(table.rows[1].slice(-3)).toEqual(["", "", ""]);
  });

  it("keeps a label from running as a spreadsheet formula", async () => {
    const text = await cardCsv({
      dimensionLabel: "Country",
      items: [de],
      total: 40,
      metric: "clicks",
      rows: null,
      columns: ["clicks"],
      comparison: null,
    });
    expect(text).toContain("'=Germany,DE,40");
  });
});
