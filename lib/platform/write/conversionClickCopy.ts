import { listValue } from "@duckdb/node-api";
import { DERIVED_SCHEMA } from "../query/analyticsRollupBuild";
import { addConversionClicksSql, CONVERSION_CLICKS } from "../query/conversionClicks";
import { clickAppendRow, type ClickRow, type EventRow, type LeadRow } from "./eventRows";
import type { RecentClicks } from "./recentClicks";
import type { WriteConn } from "./writeConn";

/**
 * The clicks of a batch of leads or sales copied into the conversion clicks (those not there
 * yet), before the events are written. Kept on either store, rollups or not (on ClickHouse too: a
 * webhook's envelope reads them). A click at hand (committed lately, or recorded earlier in this
 * transaction: `ownEvents`) is appended from its row; the others are read from the store.
 */
export async function copyConversionClicks(
  derived: WriteConn,
  recent: RecentClicks,
  ownEvents: readonly EventRow[],
  rows: readonly LeadRow[],
): Promise<void> {
  const fresh = new Map<string, LeadRow>();
  for (const row of rows) if (!recent.isConversion(row.clickId)) fresh.set(row.clickId, row);
  if (fresh.size === 0) return;
  const atHand: ClickRow[] = [];
  const stored: LeadRow[] = [];
  // The clicks of this transaction (a visit answered from the journal, then a lead on its click, in one group): not yet in the store the derived connection reads.
  const ownClicks = new Map<string, ClickRow>();
  for (const event of ownEvents) if (event.kind === "clicks") ownClicks.set(event.row.id, event.row);
  for (const row of fresh.values()) {
    // A click committed lately is not a conversion click yet (its id would be known): its row is at hand.
    const own = ownClicks.get(row.clickId);
    const click = recent.find(row.workspaceId, row.clickId) ?? (own?.workspaceId === row.workspaceId ? own : undefined);
    if (click) atHand.push(click);
    else stored.push(row);
  }
  if (atHand.length > 0) await derived.append(CONVERSION_CLICKS, DERIVED_SCHEMA, atHand.map(clickAppendRow));
  if (stored.length > 0)
    await derived.run(addConversionClicksSql(DERIVED_SCHEMA), {
      ws: listValue(stored.map((row) => row.workspaceId)),
      click_ids: listValue(stored.map((row) => row.clickId)),
    });
  for (const id of fresh.keys()) recent.conversionAdded(id);
}
