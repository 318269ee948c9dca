import { describe, expect, it } from "vitest";
import { describeChange, describePointChange, percentChange, pointChange } from "./change";
import { conversionRates, funnelSteps, rate, recurringShares } from "./conversion";

describe("percentChange", () => {
  it("is relative to the previous value", () => {
    expect(percentChange(150, 100)).toBe(0.5);
    expect(percentChange(50, 100)).toBe(-0.5);
    expect(percentChange(100, 100)).toBe(0);
  });
  it("is null when the previous value is zero", () => {
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
});

describe("describeChange", () => {
  it("formats with a sign and one decimal", () => {
    expect(describeChange(1234, 1000)).toEqual({ kind: "up", text: "+23.4%" });
    expect(describeChange(900, 1000)).toEqual({ kind: "down", text: "-10%" });
    expect(describeChange(1000, 1000)).toEqual({ kind: "flat", text: "0%" });
  });
  it("does not show a rise that rounds to zero", () => {
    expect(describeChange(100_001, 100_000)).toEqual({ kind: "flat", text: "0%" });
  });
  it("says new when the previous period was empty, and — when both are", () => {
    expect(describeChange(7, 0)).toEqual({ kind: "new", text: "new" });
    expect(describeChange(0, 0)).toEqual({ kind: "none", text: "—" });
  });
  it("says — without a previous period", () => {
    expect(describeChange(7, null)).toEqual({ kind: "none", text: "—" });
  });
  it("handles a drop to zero", () => {
    expect(describeChange(0, 40)).toEqual({ kind: "down", text: "-100%" });
  });
  it("says the previous period was too small to compare with rather than a six-digit rise", () => {
    expect(describeChange(139_940, 33)).toEqual({ kind: "small", text: "few before" });
    expect(describeChange(1001, 100)).toEqual({ kind: "small", text: "few before" });
    expect(describeChange(1000, 100)).toEqual({ kind: "up", text: "+900%" });
  });
});

describe("rates", () => {
  it("are null with an empty denominator", () => {
    expect(rate(3, 0)).toBeNull();
    expect(conversionRates({ clicks: 0, leads: 0, customers: 0 })).toEqual({
      clickToLead: { value: null, spill: false },
      leadToCustomer: { value: null, spill: false },
    });
  });
  it("compare in percentage points", () => {
    expect(pointChange(0.15, 0.12)).toBeCloseTo(3);
    expect(describePointChange(0.15, 0.12)).toEqual({ kind: "up", text: "+3 pp" });
    expect(describePointChange(0.1, null)).toEqual({ kind: "none", text: "—" });
  });
  it("build the funnel clicks → leads → customers with step-to-step conversion", () => {
    const steps = funnelSteps({ clicks: 1000, leads: 100, customers: 25 });
    expect(steps.map((s) => [s.metric, s.value, s.ofTop.value, s.fromPrevious?.value ?? null])).toEqual([
      ["clicks", 1000, 1, null],
      ["leads", 100, 0.1, 0.1],
      ["customers", 25, 0.025, 0.25],
    ]);
  });
  it("never exceed 100%: renewals are not customers, and a later step outnumbering an earlier one spills", () => {
    // 113 sales from 100 leads, 80 of them renewals: 33 customers.
    expect(conversionRates({ clicks: 1000, leads: 100, customers: 33 }).leadToCustomer).toEqual({
      value: 0.33,
      spill: false,
    });
    expect(conversionRates({ clicks: 3, leads: 5, customers: 0 }).clickToLead).toEqual({ value: 1, spill: true });
    for (const [clicks, leads, customers] of [
      [0, 4, 9],
      [1, 7, 3],
      [10, 10, 10],
      [1000, 1, 2],
    ]) {
      const { clickToLead, leadToCustomer } = conversionRates({ clicks, leads, customers });
      for (const r of [clickToLead.value, leadToCustomer.value]) expect(r === null || (r >= 0 && r <= 1)).toBe(true);
    }
  });
  it("give the recurring share of sales and revenue", () => {
    expect(recurringShares({ sales: 10, customers: 4, saleAmount: 10_000, customerAmount: 2_500 })).toEqual({
      sales: 0.6,
      revenue: 0.75,
    });
    expect(recurringShares({ sales: 0, customers: 0, saleAmount: 0, customerAmount: 0 })).toEqual({
      sales: null,
      revenue: null,
    });
  });
});
