import { describe, expect, it } from "vitest";
import { alertRuleSchema, alertStep, breaks, type AlertRule, type AlertState } from "./rules";

const m = (clicks: number) => ({ clicks, leads: 0, sales: 0, saleAmount: 0 });
const MIN = 60_000;

describe("breaks", () => {
  const drop = alertRuleSchema.parse({
    metric: "clicks",
    condition: { kind: "change", percent: 50, direction: "down" },
  });
  it("sees a drop by half against the previous period, not a smaller one", () => {
    expect(breaks(drop, m(50), m(100))).toBe(true);
    expect(breaks(drop, m(51), m(100))).toBe(false);
    expect(breaks(drop, m(0), m(0))).toBe(false);
    expect(breaks(drop, m(10), null)).toBe(false);
  });
  it("compares with a threshold", () => {
    const above = alertRuleSchema.parse({ metric: "clicks", condition: { kind: "above", threshold: 10 } });
    expect(breaks(above, m(11), null)).toBe(true);
    expect(breaks(above, m(10), null)).toBe(false);
  });
});

describe("alert episodes", () => {
  const rule: AlertRule = alertRuleSchema.parse({
    metric: "clicks",
    condition: { kind: "below", threshold: 10 },
    cooldownMinutes: 60,
  });
  /** Runs checks 15 minutes apart over `breaking`, returning what each notified. */
  const run = (breaking: boolean[]) => {
    let state: AlertState = "normal";
    let firedAt: number | null = null;
    return breaking.map((b, i) => {
      const step = alertStep(state, firedAt, b, i * 15 * MIN, rule);
      state = step.state;
      firedAt = step.changedAt;
      return step.notify;
    });
  };

  it("fires once per episode and recovers once", () => {
    expect(run([false, true, true, true, false, false])).toEqual([null, "fired", null, null, "recovered", null]);
  });

  it("stays quiet within the cool-down after firing, then fires for a new episode", () => {
    // Fired at 15 min, recovered at 30; breaking again at 45 (within 60 min of firing): quiet; still breaking at 75: fires.
    expect(run([false, true, false, true, true, true])).toEqual([null, "fired", "recovered", null, null, "fired"]);
  });
});
