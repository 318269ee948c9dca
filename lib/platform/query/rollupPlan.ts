import { ROLLUP_LINK_DOMAINS } from "./analyticsRollup";
import { LEGACY_TABLE_DEFINITIONS } from "./rollupLegacyDefinitions";
import { ROLLUP_DEFINITIONS, ROLLUP_STATE, totalsDiffer, type KindTotals, type StoredState } from "./rollupState";

/**
 * What an open does with the file's rollups: nothing (they hold its events under this build's
 * definitions), build every one (no state, or events they do not hold: the state's figures are
 * one for all of them), or build only the tables this build defines otherwise or that are
 * missing, and drop the tables it no longer defines (a changed or added rollup costs itself).
 */
export type RollupPlan =
  | { action: "keep" }
  | { action: "all"; why: string }
  | { action: "some"; why: string; build: readonly string[]; drop: readonly string[] };

/** What the file holds, as the plan reads it. */
export interface StoredRollups {
  /** The state row (rollupState.ts); null when the file holds none. */
  state: StoredState | null;
  /** ROLLUP_DEFINITIONS as `name → digest`; null when the file holds no such table (written by an older build). */
  tables: ReadonlyMap<string, string> | null;
  /** The names of the tables in the rollups' schema. */
  existing: readonly string[];
  /** Rollups of a link's column some of whose links moved since they were rolled up (ROLLUP_LINK_DOMAINS): built again to read them for every domain again. */
  moved?: readonly string[];
}

/** The file's tables that are not rollups. */
const BOOKKEEPING = new Set([ROLLUP_STATE, ROLLUP_DEFINITIONS, ROLLUP_LINK_DOMAINS]);

/**
 * Each table's digest as the file says: its ROLLUP_DEFINITIONS; for a file of one digest for all
 * (older builds), that build's digests when it is a build we know (LEGACY_TABLE_DEFINITIONS) or
 * this build's own, else none known (every table built again).
 */
function storedDigests(
  stored: StoredRollups,
  current: ReadonlyMap<string, string>,
  currentAll: string,
): ReadonlyMap<string, string> {
  if (stored.tables) return stored.tables;
  const definition = stored.state?.definition ?? "";
  if (definition === currentAll) return current;
  return new Map(Object.entries(LEGACY_TABLE_DEFINITIONS[definition] ?? {}));
}

/**
 * The plan for `stored` against the events' figures now and this build's table digests
 * (`current`, rollupTableDefinitions) and digest of all (`currentAll`, rollupDefinition).
 */
export function planRollups(
  stored: StoredRollups,
  events: readonly KindTotals[],
  current: ReadonlyMap<string, string>,
  currentAll: string,
): RollupPlan {
  if (!stored.state) return { action: "all", why: "the file holds no rollups" };
  const differ = totalsDiffer(stored.state.totals, events);
  if (differ) return { action: "all", why: differ };
  const digests = storedDigests(stored, current, currentAll);
  const existing = new Set(stored.existing);
  const moved = new Set(stored.moved);
  const build = [...current].filter(
    ([name, digest]) => digests.get(name) !== digest || !existing.has(name) || moved.has(name),
  );
  const drop = stored.existing.filter((name) => !current.has(name) && !BOOKKEEPING.has(name));
  if (build.length === 0 && drop.length === 0) return { action: "keep" };
  if (build.length === current.size)
    return { action: "all", why: "the file's rollups were built by another version (their definitions differ)" };
  const names = build.map(([name]) => name);
  const parts = [
    names.length > 0
      ? `${names.length} of this version's ${current.size} rollups differ, are missing or hold links that moved (${names.join(", ")})`
      : "",
    drop.length > 0 ? `${drop.length} no longer defined (${drop.join(", ")})` : "",
  ].filter(Boolean);
  return { action: "some", why: `the file's rollups: ${parts.join("; ")}`, build: names, drop };
}
