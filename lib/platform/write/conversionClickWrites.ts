import { listValue } from "@duckdb/node-api";
import { addConversionClicksSql, CONVERSION_CLICKS } from "../query/conversionClicks";
import { CONVERSION_SCHEMA, conversionStateDeltaSql, conversionStateSql } from "../query/conversionStore";
import { clickAppendRow, type ClickRow, type ConversionEvent, type EventRow, type LeadRow } from "./eventRows";
import type { RecentClicks } from "./recentClicks";
import type { WriteConn } from "./writeConn";

/**
 * The writer's side of the conversion clicks kept in the file (../query/conversionStore.ts): a
 * writable platform always has them there, so every change is made on the file's connection, in
 * the transaction of the events that change them, with their state. A write that rolls back takes
 * its conversion clicks with it (the writer then forgets which clicks it made ones: `recent`).
 */

const epochUs = (rows: readonly LeadRow[]): bigint =>
  rows.reduce((sum, row) => sum + BigInt(row.timestamp.getTime()) * 1000n, 0n);

/**
 * Before a batch's leads and sales are written: their clicks copied into the conversion clicks
 * (those not there yet), and the state told of the batch's events. `recorded` is what the
 * transaction recorded so far (its own clicks are at hand: a visit answered from the journal,
 * then a lead on its click, in one group).
 */
export async function keepConversionClicks(
  file: WriteConn,
  recent: RecentClicks,
  recorded: readonly EventRow[],
  batch: readonly ConversionEvent[],
): Promise<void> {
  const rows = batch.map((event) => event.row);
  const fresh = new Map<string, LeadRow>();
  for (const row of rows) if (!recent.isConversion(row.clickId)) fresh.set(row.clickId, row);
  if (fresh.size > 0) {
    const ownClicks = new Map<string, ClickRow>();
    for (const event of recorded) if (event.kind === "clicks") ownClicks.set(event.row.id, event.row);
    const atHand: ClickRow[] = [];
    const stored: LeadRow[] = [];
    for (const row of fresh.values()) {
      // A click committed lately is not a conversion click yet (its id would be known): its row is at hand.
      const own = ownClicks.get(row.clickId);
      const click =
        recent.find(row.workspaceId, row.clickId) ?? (own?.workspaceId === row.workspaceId ? own : undefined);
      if (click) atHand.push(click);
      else stored.push(row);
    }
    if (atHand.length > 0) await file.append(CONVERSION_CLICKS, null, atHand.map(clickAppendRow), CONVERSION_SCHEMA);
    if (stored.length > 0)
      // Planned each time (run, not runPrepared): a prepared INSERT … SELECT into a table of the file wrote garbage strings on DuckDB 1.5.6.
      await file.run(addConversionClicksSql(CONVERSION_SCHEMA), {
        ws: listValue(stored.map((row) => row.workspaceId)),
        click_ids: listValue(stored.map((row) => row.clickId)),
      });
    for (const id of fresh.keys()) recent.conversionAdded(id);
  }
  const leads = batch.flatMap((event) => (event.kind === "leads" ? [event.row] : []));
  const sales = batch.flatMap((event) => (event.kind === "sales" ? [event.row] : []));
  await file.runPrepared(conversionStateDeltaSql(CONVERSION_SCHEMA), {
    leads: leads.length,
    sales: sales.length,
    lead_us: String(epochUs(leads)),
    sale_us: String(epochUs(sales)),
  });
}

/**
 * After a link's events were deleted, in the same transaction: its clicks taken out of the
 * conversion clicks, and the state made again from the leads and sales left (a scan of their
 * timestamps: deletions are rare).
 */
export async function removeLinkConversionClicks(file: WriteConn, workspaceId: string, linkId: string): Promise<void> {
  await file.run(
    `DELETE FROM ${CONVERSION_SCHEMA}.${CONVERSION_CLICKS} WHERE workspace_id = $ws AND link_id = $link_id`,
    { ws: workspaceId, link_id: linkId },
  );
  await file.run(conversionStateSql(CONVERSION_SCHEMA));
}
