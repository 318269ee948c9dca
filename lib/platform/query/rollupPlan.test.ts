import { describe, expect, it } from "vitest";
import { planRollups, type StoredRollups } from "./rollupPlan";
import { LEGACY_TABLE_DEFINITIONS } from "./rollupLegacyDefinitions";
import type { KindTotals } from "./rollupState";

const events: KindTotals[] = [
  { kind: "clicks", events: 10n, timeSum: 1_000n },
  { kind: "leads", events: 2n, timeSum: 300n },
  { kind: "sales", events: 1n, timeSum: 170n },
];
const current = new Map([
  ["slot", "d1"],
  ["day__cube", "d2"],
  ["link_id", "d3"],
]);
const ALL = "all-now";

/** A file whose tables are `existing`, its state holding `events` under `definition`, its tables' digests `tables`. */
const file = (
  tables: ReadonlyMap<string, string> | null,
  existing: readonly string[] = [...current.keys(), "rollup_state", ...(tables ? ["rollup_definitions"] : [])],
  definition = ALL,
): StoredRollups => ({ state: { definition, totals: events }, tables, existing });

describe("which rollups an open builds", () => {
  it("none when every table's digest is this build's and the events are those the state holds", () => {
    expect(planRollups(file(current), events, current, ALL)).toEqual({ action: "keep" });
  });

  it("only the table whose definition changed, and one added", () => {
    const stored = new Map([
      ["slot", "d1"],
      ["day__cube", "older"],
    ]);
    const plan = planRollups(
      file(stored, ["slot", "day__cube", "rollup_state", "rollup_definitions"]),
      events,
      current,
      ALL,
    );
    expect(plan).toMatchObject({ action: "some", build: ["day__cube", "link_id"], drop: [] });
  });

  it("a table listed but missing from the file is built; one no longer defined is dropped", () => {
    const plan = planRollups(
      file(current, ["slot", "day__cube", "referer", "rollup_state", "rollup_definitions"]),
      events,
      current,
      ALL,
    );
    expect(plan).toMatchObject({ action: "some", build: ["link_id"], drop: ["referer"] });
  });

  it("a rollup of a link's column whose links moved since is built again", () => {
    expect(planRollups({ ...file(current), moved: ["day__cube"] }, events, current, ALL)).toMatchObject({
      action: "some",
      build: ["day__cube"],
      drop: [],
    });
  });

  it("every one when the events differ from the state, or the file holds no state", () => {
    const behind = events.map((t) => (t.kind === "sales" ? { ...t, events: 2n } : t));
    expect(planRollups(file(current), behind, current, ALL)).toMatchObject({
      action: "all",
      why: "the file's rollups do not match its sales (1 rolled up, 2 stored)",
    });
    expect(planRollups({ state: null, tables: null, existing: [] }, events, current, ALL)).toEqual({
      action: "all",
      why: "the file holds no rollups",
    });
  });

  it("every one when no table's digest is this build's", () => {
    const older = new Map([...current].map(([name]) => [name, "older"]));
    expect(planRollups(file(older), events, current, ALL)).toMatchObject({ action: "all" });
  });

  it("a file of one digest for all: kept whole when it is this build's, built whole when unknown", () => {
    expect(planRollups(file(null), events, current, ALL)).toEqual({ action: "keep" });
    expect(planRollups(file(null, undefined, "unknown"), events, current, ALL)).toMatchObject({ action: "all" });
  });

  it("a file of one digest for all from a known build keeps the tables that build defined as this one does", () => {
    const [[legacy, tables]] = Object.entries(LEGACY_TABLE_DEFINITIONS);
    const now = new Map([
      ["slot", tables.slot],
      ["day__cube", "changed"],
      ["domain__week", "added"],
    ]);
    const plan = planRollups(file(null, [...Object.keys(tables), "rollup_state"], legacy), events, now, ALL);
    expect(plan).toMatchObject({ action: "some", build: ["day__cube", "domain__week"] });
    if (plan.action !== "some") throw new Error("some");
    expect(plan.drop).toContain("link_id__week_cube");
    expect(plan.drop).not.toContain("rollup_state");
  });
});
