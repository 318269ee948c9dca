import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { EVENT_TABLE } from "../query/eventTables";
import type { EventRow, LeadRow } from "../write/eventRows";
import type { EventMirror } from "../write/eventMirrorStep";
import { chTimestamp } from "./chParams";
import type { ChDb } from "./clickhouseDb";
import { unlinkStatements, unrecordStatements } from "./rollups";

/**
 * The writer's events on the ClickHouse event store (docs/clickhouse.md, "Writes"): each
 * transaction's events (a group commit's batch of visits' clicks, tracked leads and sales) are
 * inserted there before the file's transaction commits, one INSERT per kind, so an answered
 * write is on ClickHouse (a failed insert rolls the write back: the caller gets an error, and
 * nothing was written). A deleted link's events are deleted there too, inside its transaction,
 * and taken out of the rollups, which a DELETE on the events does not reach; each step can be run
 * again, so deleting the link again after a failure part way takes nothing out twice. Events
 * inserted here whose file transaction never committed (a kill between the two) are found and
 * taken out at the next start (../write/mirrorSettle.ts).
 * Columns as migrations.ts; times as UTC text with milliseconds.
 */

function conversionColumns(row: LeadRow): Record<string, unknown> {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    click_id: row.clickId,
    link_id: row.linkId,
    customer_id: row.customerId,
    timestamp: chTimestamp(row.timestamp),
    event_name: row.eventName,
    metadata: row.metadata,
    ...row.click,
  };
}

export function chEventColumns(event: EventRow): Record<string, unknown> {
  switch (event.kind) {
    case "clicks": {
      const c = event.row;
      return {
        id: c.id,
        workspace_id: c.workspaceId,
        link_id: c.linkId,
        timestamp: chTimestamp(c.timestamp),
        url: c.url,
        country: c.country,
        city: c.city,
        region: c.region,
        continent: c.continent,
        device: c.device,
        browser: c.browser,
        os: c.os,
        ua: c.ua,
        trigger: c.trigger,
        referer: c.referer,
        referer_url: c.refererUrl,
        ip: c.ip,
      };
    }
    case "leads":
      return conversionColumns(event.row);
    case "sales": {
      const s = event.row;
      return {
        ...conversionColumns(s),
        amount: s.amount,
        currency: s.currency,
        invoice_id: s.invoiceId,
        payment_processor: s.paymentProcessor,
        sale_type: s.saleType,
      };
    }
  }
}

export function clickHouseMirror(events: ChDb): EventMirror {
  return {
    async write(batch) {
      const byKind: Record<EventKind, Record<string, unknown>[]> = { clicks: [], leads: [], sales: [] };
      for (const event of batch) byKind[event.kind].push(chEventColumns(event));
      for (const kind of EVENT_KINDS) await events.insert(EVENT_TABLE[kind], byKind[kind]);
    },
    async heldClicks(ids, from) {
      if (ids.length === 0) return new Set();
      const rows = await events.all(
        `SELECT id FROM ${EVENT_TABLE.clicks} WHERE timestamp >= {from:DateTime64(3, 'UTC')} AND has({ids:Array(String)}, id)`,
        { from: chTimestamp(from), ids: [...ids] },
      );
      return new Set(rows.map((row) => String(row.id)));
    },
    async heldSince(kind, from) {
      const rows = await events.all(
        `SELECT workspace_id, id FROM ${EVENT_TABLE[kind]} WHERE timestamp >= {from:DateTime64(3, 'UTC')}`,
        { from: chTimestamp(from) },
      );
      return rows.map((row) => ({ workspaceId: String(row.workspace_id), id: String(row.id) }));
    },
    async removeEvents(kind, workspaceId, ids) {
      if (ids.length === 0) return;
      const values = { ws: workspaceId, ids: [...ids] };
      for (const statement of unrecordStatements(kind)) await events.command(statement, values);
      await events.command(
        `DELETE FROM ${EVENT_TABLE[kind]} WHERE workspace_id = {ws:String} AND has({ids:Array(String)}, id)`,
        values,
      );
    },
    async removeLink(workspaceId, linkId) {
      // First out of the rollups, which read the link's events still there (rollups.ts); the events last, so a retry finds them.
      for (const statement of unlinkStatements()) await events.command(statement, { ws: workspaceId, link_id: linkId });
      for (const kind of EVENT_KINDS) {
        await events.command(
          `DELETE FROM ${EVENT_TABLE[kind]} WHERE workspace_id = {ws:String} AND link_id = {link_id:String}`,
          { ws: workspaceId, link_id: linkId },
        );
      }
    },
  };
}
