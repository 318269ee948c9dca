import type { EventKind } from "../../contract/dimensions";
import type { RollupDef } from "./analyticsRollup";
import { SLOT_MS, slotOf } from "./slots";

/** What the facts of an analytics query are counted by (see analyticsFacts). */
export interface FactKey {
  names: readonly string[];
  /** Expressions over `e` (the event) and, when `needsClick`, `cc` (its click). */
  exprs(kind: EventKind): readonly string[];
  needsClick(kind: EventKind): boolean;
  /** Where the key's counts are kept pre-aggregated, if they are. */
  rollup?: RollupDef;
}

/** Events per slot and nothing else: read for timeseries (by slot) and counts (summed). */
const SLOT_ROLLUP: RollupDef = { name: "slot", slotMs: SLOT_MS, columns: [], exprs: ["r.t"] };

/** groupBy=count: no key, every fact summed. */
export const NO_KEY: FactKey = { names: [], exprs: () => [], needsClick: () => false, rollup: { ...SLOT_ROLLUP, exprs: [] } };

/** groupBy=timeseries: the slot, joined to the buckets afterwards. */
export const SLOT_KEY: FactKey = {
  names: ["slot"],
  exprs: () => [slotOf("e.timestamp")],
  needsClick: () => false,
  rollup: SLOT_ROLLUP,
};

const DAY_MS = 86_400_000;

/** Rollups of key columns by UTC day: the partial days at the ends of a range are read from the events. */
const dayRollup = (columns: readonly string[]): RollupDef => ({ name: columns.join("_"), slotMs: DAY_MS, columns, exprs: columns.map((c) => `r.${c}`) });

/** Columns of the click: the event's own row for clicks, the conversion's click for leads and sales. */
export function clickKey(columns: readonly string[]): FactKey {
  return {
    names: columns,
    exprs: (kind) => columns.map((column) => `${kind === "clicks" ? "e" : "cc"}.${column}`),
    needsClick: (kind) => kind !== "clicks",
    rollup: dayRollup(columns),
  };
}

/** The event's link: link dimensions join the link's rows to it. */
export const LINK_KEY: FactKey = { names: ["link_id"], exprs: () => ["e.link_id"], needsClick: () => false, rollup: dayRollup(["link_id"]) };
