import { describe, expect, it } from "vitest";
import { joinRowFigures, rowColumnValue, totalFigures } from "./rowFigures";

const m = (clicks: number, leads: number, sales: number, saleAmount: number) => ({ clicks, leads, sales, saleAmount });

describe("row figures", () => {
  it("joins the composite counts and first purchases by value, 0 where a value is absent", () => {
    const rows = [
      { value: "US", metrics: m(10, 0, 0, 0) },
      { value: "DE", metrics: m(4, 0, 0, 0) },
    ];
    const joined = joinRowFigures(
      rows,
      [{ value: "US", metrics: m(10, 5, 2, 900) }],
      [{ value: "US", metrics: m(0, 0, 1, 500) }],
    );
    expect(joined.get(rows[0])).toEqual({ ...m(10, 5, 2, 900), customers: 1 });
    expect(joined.get(rows[1])).toEqual({ ...m(4, 0, 0, 0), customers: 0 });
    expect(joinRowFigures(rows, undefined, null).get(rows[0])?.customers).toBeNull();
  });

  it("gives rates per row, null over nothing or without customers", () => {
    const row = { ...m(10, 5, 2, 900), customers: 1 };
    expect(rowColumnValue("clickToLead", row)).toBeCloseTo(0.5);
    expect(rowColumnValue("leadToCustomer", row)).toBeCloseTo(0.2);
    expect(rowColumnValue("saleAmount", row)).toBe(900);
    expect(rowColumnValue("clickToLead", { ...m(0, 0, 0, 0), customers: 0 })).toBeNull();
    expect(rowColumnValue("leadToCustomer", { ...row, customers: null })).toBeNull();
  });

  it("totals the counts and recomputes the rates from them", () => {
    const total = totalFigures([
      { ...m(10, 5, 2, 900), customers: 1 },
      { ...m(30, 5, 0, 0), customers: 1 },
    ]);
    expect(total).toEqual({ ...m(40, 10, 2, 900), customers: 2 });
    expect(rowColumnValue("clickToLead", total)).toBeCloseTo(0.25);
    expect(totalFigures([{ ...m(1, 1, 0, 0), customers: null }]).customers).toBeNull();
  });
});
