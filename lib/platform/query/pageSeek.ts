import type { DateRange } from "../../contract/dateRange";
import type { EventKind } from "../../contract/dimensions";
import type { SortOrder } from "../../contract/query";
import { clickFilters, type ClickFilter } from "./analyticsFacts";
import { rollupTable, splitRange, type RollupDef } from "./analyticsRollup";
import { EVENT_TABLE } from "./eventTables";
import { eventWhere, type FilterQuery } from "./eventWhere";
import { SLOT_KEY } from "./factKeys";
import { WINDOW_HEADROOM, type EventSpan } from "./pageWindow";
import { num } from "./rows";
import type { ListScope } from "./scope";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

/**
 * A deep page found through the rollups' counts instead of sorting every event before it. Events
 * sort by time, so every event at or after a slot boundary comes before every event under it
 * (newest first; the other way round oldest first): when the rollup says `n` matching events lie
 * past a boundary, and `n` is no more than the page's offset, the page is the same one `n` events
 * shallower in the range cut at that boundary. The rollups are exact as writes land
 * (../openPlatform.ts); the partial slot at the range's sorted end is counted from the events.
 * Only when every filter tests a click column some slot rollup stores (as analytics reads them).
 */

/**
 * Shallower pages need no seeking: the first attempt's slice at the sorted end of the range
 * (pageWindow.ts) holds them, and the two statements a seek costs would only add to them.
 */
export const SEEK_FROM_OFFSET = 1_000;

/**
 * Nor does a page within a few slots of the end: a seek lands on a slot boundary, so it saves
 * nothing when a slot holds about as many events as the offset (the day cube's slot holds a
 * day's events).
 */
const SLOTS_PER_SEEK = 4;

/** A narrower range and a shallower offset that give the same page. */
export interface SoughtPage {
  range: DateRange;
  offset: number;
}

/** The finest rollup by slot that stores every filtered column; null when none does. */
function slotRollup(filters: FilterQuery): { def: RollupDef; tests: ClickFilter[] } | null {
  const tests = clickFilters(filters);
  if (!tests) return null;
  const fitting = SLOT_KEY.rollups.filter((def) => tests.every((t) => def.filterable.includes(t.column)));
  const def = fitting.sort((a, b) => a.slotMs - b.slotMs)[0];
  return def ? { def, tests } : null;
}

/** Matching events in `range` (a partial slot), counted from the events. */
async function countEvents(store: Store, filters: FilterQuery, scope: ListScope, kind: EventKind, range: DateRange) {
  const p = new SqlParams();
  const where = await eventWhere(store.db, filters, { ...scope, range, kind }, p);
  const rows = await store.db.all(`SELECT count(*)::BIGINT AS n FROM ${EVENT_TABLE[kind]} e WHERE ${where}`, p.values);
  return rows[0] ? num(rows[0], "n") : 0;
}

/**
 * The slots worth reading, at the sorted end of the whole ones: as many as hold the offset's
 * events WINDOW_HEADROOM times over at the workspace's rate (as pageWindow sizes its slice). A
 * boundary further away could only be used by filters keeping fewer events than that; then the
 * seek skips less, and the page is still exact.
 */
function nearSlots(
  span: EventSpan,
  slotMs: number,
  offset: number,
  slots: { from: number; to: number },
  desc: boolean,
) {
  const spanMs = Math.max(1, span.last.getTime() - span.first.getTime());
  const perSlot = (span.count * slotMs) / spanMs;
  if (offset < SLOTS_PER_SEEK * perSlot) return null;
  const width = Math.ceil((offset * WINDOW_HEADROOM) / perSlot);
  return desc
    ? { from: Math.max(slots.from, slots.to - width), to: slots.to }
    : { from: slots.from, to: Math.min(slots.to, slots.from + width) };
}

export async function seekPage(
  store: Store,
  filters: FilterQuery,
  scope: ListScope,
  kind: EventKind,
  offset: number,
  order: SortOrder,
  span: EventSpan,
): Promise<SoughtPage | null> {
  if (offset < SEEK_FROM_OFFSET || !store.rollups || span.count === 0) return null;
  const rollup = slotRollup(filters);
  if (!rollup) return null;
  const { def, tests } = rollup;
  const { head, slots: whole, tail } = splitRange(scope.range, def.slotMs);
  const desc = order === "desc";
  const slots = whole && nearSlots(span, def.slotMs, offset, whole, desc);
  if (!slots) return null;
  // The partial slot the page starts from: its events come first.
  const edge = desc ? tail : head;
  const p = new SqlParams();
  // Per whole slot, the matching events in it and every slot before it in page order (`passed`),
  // as far as the offset reaches.
  const sql = `SELECT t, passed FROM (
  SELECT t, sum(n) OVER (ORDER BY t ${desc ? "DESC" : "ASC"}) AS passed FROM (
    SELECT r.t AS t, sum(r.events)::BIGINT AS n FROM ${rollupTable(store.rollups, def)} r
    WHERE r.kind = '${kind}' AND r.workspace_id = ${p.add("ws", scope.workspaceId)}
      AND r.t >= ${p.add("rollup_from", BigInt(slots.from))} AND r.t < ${p.add("rollup_to", BigInt(slots.to))}${tests
        .map((t) => `\n      AND ${t.condition(p)}`)
        .join("")}
    GROUP BY r.t
  )
) WHERE passed <= ${p.add("offset", BigInt(offset))}
ORDER BY t ${desc ? "ASC" : "DESC"}`;
  // An edge past the workspace's events (a range ending now, data seeded earlier) holds none.
  const edgeHolds = edge && (desc ? edge.start <= span.last : edge.end > span.first);
  const [edgeEvents, passedSlots] = await Promise.all([
    edgeHolds ? countEvents(store, filters, scope, kind, edge) : Promise.resolve(0),
    store.db.all(sql, p.values),
  ]);
  // The furthest slot in page order whose events, with the edge's, all precede the page.
  for (const row of passedSlots) {
    const skipped = num(row, "passed") + edgeEvents;
    if (skipped > offset) continue;
    const t = num(row, "t");
    const range: DateRange = desc
      ? { start: scope.range.start, end: new Date(t * def.slotMs) }
      : { start: new Date((t + 1) * def.slotMs), end: scope.range.end };
    return { range, offset: offset - skipped };
  }
  return null;
}
