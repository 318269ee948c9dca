import { describe, expect, it } from "vitest";
import { describeChange, describePointChange, percentChange, pointChange } from "./change";
import { conversionRates, funnelSteps, rate } from "./conversion";

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
});

describe("rates", () => {
  it("are null with an empty denominator", () => {
    expect(rate(3, 0)).toBeNull();
    expect(conversionRates({ clicks: 0, leads: 0, sales: 0 })).toEqual({ clickToLead: null, leadToSale: null });
  });
  it("compare in percentage points", () => {
    expect(pointChange(0.15, 0.12)).toBeCloseTo(3);
    expect(describePointChange(0.15, 0.12)).toEqual({ kind: "up", text: "+3 pp" });
    expect(describePointChange(0.1, null)).toEqual({ kind: "none", text: "—" });
  });
  it("build the funnel with step-to-step conversion", () => {
    const steps = funnelSteps({ clicks: 1000, leads: 100, sales: 25 });
    expect(steps.map((s) => [s.metric, s.value, s.ofTop, s.fromPrevious])).toEqual([
      ["clicks", 1000, 1, null],
      ["leads", 100, 0.1, 0.1],
      ["sales", 25, 0.025, 0.25],
    ]);
  });
});
