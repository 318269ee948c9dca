import { describe, expect, it } from "vitest";
import { keyFiguresTable } from "./keyFiguresCsv";

const figures = { clicks: 1000, leads: 50, sales: 20, saleAmount: 123_456, customers: 10, customerAmount: 50_000 };

describe("keyFiguresTable", () => {
  it("writes every tile's plain value: money in major units, rates in %", () => {
    const table = keyFiguresTable(figures, null, "the previous period");
    expect(table.header).toEqual(["Figure", "Value", "Value, the previous period", "Change"]);
    expect(table.rows).toEqual([
      ["Clicks", "1000", "", ""],
      ["Leads", "50", "", ""],
      ["Sales", "20", "", ""],
      ["Revenue (USD)", "1234.56", "", ""],
      ["Click → lead (%)", "5.00", "", ""],
      ["Lead → customer (%)", "20.00", "", ""],
    ]);
  });

  it("adds the compared value and the change when comparing", () => {
    const table = keyFiguresTable(figures, { ...figures, clicks: 800, leads: 50 }, "the previous period");
    expect(table.rows[0]).toEqual(["Clicks", "1000", "800", expect.stringMatching(/25/)]);
    expect(table.rows[4][2]).toBe("6.25");
  });
});
