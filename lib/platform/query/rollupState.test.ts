import { describe, expect, it } from "vitest";
import { checkState, rollupDefinition, type KindTotals } from "./rollupState";

const events: KindTotals[] = [
  { kind: "clicks", events: 10n, timeSum: 1_000n },
  { kind: "leads", events: 2n, timeSum: 300n },
  { kind: "sales", events: 1n, timeSum: 170n },
];
const definition = rollupDefinition();

describe("the rollups' state against the events", () => {
  it("is current only under this build's definition with every kind's count and timestamp sum", () => {
    expect(checkState({ definition, totals: events }, definition, events)).toEqual({ current: true });
  });

  it("names what differs", () => {
    expect(checkState(null, definition, events)).toEqual({ current: false, why: "the file holds no rollups" });
    expect(checkState({ definition: "older", totals: events }, definition, events)).toMatchObject({
      current: false,
      why: expect.stringContaining("another version"),
    });
    const behind = events.map((t) => (t.kind === "leads" ? { ...t, events: 1n, timeSum: 100n } : t));
    expect(checkState({ definition, totals: behind }, definition, events)).toEqual({
      current: false,
      why: "the file's rollups do not match its leads (1 rolled up, 2 stored)",
    });
  });

  it("tells apart as many events at other times", () => {
    const moved = events.map((t) => (t.kind === "clicks" ? { ...t, timeSum: 999n } : t));
    expect(checkState({ definition, totals: moved }, definition, events).current).toBe(false);
  });

  it("a kind missing from the state is not current", () => {
    expect(checkState({ definition, totals: events.slice(0, 2) }, definition, events).current).toBe(false);
  });

  it("the definition is a stable digest of the statements", () => {
    expect(rollupDefinition()).toBe(definition);
    expect(definition).toMatch(/^[0-9a-f]{16}$/);
  });
});
