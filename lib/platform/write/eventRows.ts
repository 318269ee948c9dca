import { listValue, timestampTZValue, type DuckDBValue } from "@duckdb/node-api";
import type { EventKind } from "../../contract/dimensions";
import type { Row, SqlValues } from "../query/db";
import { str } from "../query/rows";
import { CLICK_DIMENSIONS, type ClickDimension } from "../query/eventTables";

/** The rows of click_events, lead_events and sale_events as the writer inserts them (schema.sql). */

export interface ClickRow {
  id: string;
  workspaceId: string;
  linkId: string;
  timestamp: Date;
  url: string;
  country: string;
  city: string;
  region: string;
  continent: string;
  device: string;
  browser: string;
  os: string;
  ua: string | null;
  trigger: string;
  referer: string;
  refererUrl: string;
  ip: string;
}

/** A click's values that its leads and sales carry too, by column. */
export type ClickDimensions = Readonly<Record<ClickDimension, string>>;

export function clickDimensionsOf(click: ClickRow): ClickDimensions {
  const { url, country, city, region, continent, device, browser, os, trigger, referer, refererUrl } = click;
  return { url, country, city, region, continent, device, browser, os, trigger, referer, referer_url: refererUrl };
}

/** A click's values from a row that names each column `<prefix><column>`. */
export function readClickDimensions(row: Row, prefix = ""): ClickDimensions {
  const values = {} as Record<ClickDimension, string>;
  for (const column of CLICK_DIMENSIONS) values[column] = str(row, `${prefix}${column}`);
  return values;
}

export interface LeadRow {
  id: string;
  workspaceId: string;
  clickId: string;
  /** The click's values, as its row holds them. */
  click: ClickDimensions;
  linkId: string;
  customerId: string;
  timestamp: Date;
  eventName: string;
  /** JSON text, or null. */
  metadata: string | null;
}

export interface SaleRow extends LeadRow {
  /** Smallest unit of the currency: USD cents once converted. */
  amount: number;
  currency: string;
  invoiceId: string | null;
  paymentProcessor: string;
  saleType: "new" | "recurring";
}

export type EventRow =
  | { kind: "clicks"; row: ClickRow }
  | { kind: "leads"; row: LeadRow }
  | { kind: "sales"; row: SaleRow };

export const timestampValue = (date: Date): DuckDBValue => timestampTZValue(BigInt(date.getTime()) * 1000n);

const DIMENSION_COLUMNS = CLICK_DIMENSIONS.join(", ");
const DIMENSION_VALUES = CLICK_DIMENSIONS.map((column) => `$${column}`).join(", ");

const INSERT: Record<EventKind, string> = {
  clicks: `INSERT INTO click_events (id, workspace_id, link_id, timestamp, url, country, city, region, continent, device, browser, os, ua, trigger, referer, referer_url, ip)
    VALUES ($id, $ws, $link_id, $ts, $url, $country, $city, $region, $continent, $device, $browser, $os, $ua, $trigger, $referer, $referer_url, $ip)`,
  leads: `INSERT INTO lead_events (id, workspace_id, click_id, link_id, customer_id, timestamp, event_name, metadata, ${DIMENSION_COLUMNS})
    VALUES ($id, $ws, $click_id, $link_id, $customer_id, $ts, $event_name, $metadata, ${DIMENSION_VALUES})`,
  sales: `INSERT INTO sale_events (id, workspace_id, click_id, link_id, customer_id, timestamp, event_name, amount, currency, invoice_id, payment_processor, sale_type, metadata, ${DIMENSION_COLUMNS})
    VALUES ($id, $ws, $click_id, $link_id, $customer_id, $ts, $event_name, $amount, $currency, $invoice_id, $payment_processor, $sale_type, $metadata, ${DIMENSION_VALUES})`,
};

/** The link's all-time counters grow with the event; a sale that is a customer's first also counts a conversion. */
const COUNTERS: Record<EventKind, string> = {
  clicks: `UPDATE links SET clicks = clicks + 1, last_clicked = greatest(coalesce(last_clicked, $ts), $ts) WHERE id = $link_id AND workspace_id = $ws`,
  leads: `UPDATE links SET leads = leads + 1 WHERE id = $link_id AND workspace_id = $ws`,
  sales: `UPDATE links SET sales = sales + 1, sale_amount = sale_amount + $amount, conversions = conversions + $converted
    WHERE id = $link_id AND workspace_id = $ws`,
};

function conversionValues(row: LeadRow): SqlValues {
  return {
    id: row.id,
    ws: row.workspaceId,
    click_id: row.clickId,
    link_id: row.linkId,
    customer_id: row.customerId,
    ts: timestampValue(row.timestamp),
    event_name: row.eventName,
    metadata: row.metadata,
    ...row.click,
  };
}

function insertValues(event: EventRow): SqlValues {
  switch (event.kind) {
    case "clicks": {
      const c = event.row;
      return {
        id: c.id,
        ws: c.workspaceId,
        link_id: c.linkId,
        ts: timestampValue(c.timestamp),
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
      return conversionValues(event.row);
    case "sales": {
      const s = event.row;
      return {
        ...conversionValues(s),
        amount: BigInt(s.amount),
        currency: s.currency,
        invoice_id: s.invoiceId,
        payment_processor: s.paymentProcessor,
        sale_type: s.saleType,
      };
    }
  }
}

function counterValues(event: EventRow): SqlValues {
  const base = { link_id: event.row.linkId, ws: event.row.workspaceId };
  if (event.kind === "clicks") return { ...base, ts: timestampValue(event.row.timestamp) };
  if (event.kind === "leads") return base;
  return { ...base, amount: BigInt(event.row.amount), converted: event.row.saleType === "new" ? 1n : 0n };
}

/** The statements that record an event: its row, then its link's counters. */
export function eventStatements(event: EventRow): [sql: string, values: SqlValues][] {
  return [
    [INSERT[event.kind], insertValues(event)],
    [COUNTERS[event.kind], counterValues(event)],
  ];
}

/**
 * Many events of one kind as one statement (group commit): each column's values as one list
 * parameter, unnested side by side into rows, into `table` (the event table, or a staging table
 * of the same columns).
 */
const CLICK_COLUMNS: readonly [column: string, type: string, value: (c: ClickRow) => DuckDBValue][] = [
  ["id", "VARCHAR", (c) => c.id],
  ["workspace_id", "VARCHAR", (c) => c.workspaceId],
  ["link_id", "VARCHAR", (c) => c.linkId],
  ["timestamp", "TIMESTAMPTZ", (c) => timestampValue(c.timestamp)],
  ["url", "VARCHAR", (c) => c.url],
  ["country", "VARCHAR", (c) => c.country],
  ["city", "VARCHAR", (c) => c.city],
  ["region", "VARCHAR", (c) => c.region],
  ["continent", "VARCHAR", (c) => c.continent],
  ["device", "VARCHAR", (c) => c.device],
  ["browser", "VARCHAR", (c) => c.browser],
  ["os", "VARCHAR", (c) => c.os],
  ["ua", "VARCHAR", (c) => c.ua],
  ["trigger", "VARCHAR", (c) => c.trigger],
  ["referer", "VARCHAR", (c) => c.referer],
  ["referer_url", "VARCHAR", (c) => c.refererUrl],
  ["ip", "VARCHAR", (c) => c.ip],
];

export function insertClicksSql(table: string): string {
  return `INSERT INTO ${table} (${CLICK_COLUMNS.map(([column]) => column).join(", ")})
    SELECT ${CLICK_COLUMNS.map(([column, type]) => `unnest($${column}::${type}[])`).join(", ")}`;
}

/** A click's values in click_events' column order (schema.sql, as CLICK_COLUMNS lists them), for the appender. */
export function clickAppendRow(c: ClickRow): DuckDBValue[] {
  return CLICK_COLUMNS.map(([, , value]) => value(c));
}

export function insertClicksValues(rows: readonly ClickRow[]): SqlValues {
  return Object.fromEntries(CLICK_COLUMNS.map(([column, , value]) => [column, listValue(rows.map(value))]));
}

/** Every link's counters grow by its clicks of the batch, in one statement. */
export const CLICK_COUNTERS_SQL = `UPDATE links SET clicks = links.clicks + d.n, last_clicked = greatest(coalesce(links.last_clicked, d.last), d.last)
  FROM (SELECT link_id, workspace_id, count(*) AS n, max(ts) AS last
        FROM (SELECT unnest($link_id::VARCHAR[]) AS link_id, unnest($workspace_id::VARCHAR[]) AS workspace_id, unnest($timestamp::TIMESTAMPTZ[]) AS ts)
        GROUP BY link_id, workspace_id) d
  WHERE links.id = d.link_id AND links.workspace_id = d.workspace_id`;

export function clickCountersValues(rows: readonly ClickRow[]): SqlValues {
  return {
    link_id: listValue(rows.map((c) => c.linkId)),
    workspace_id: listValue(rows.map((c) => c.workspaceId)),
    timestamp: listValue(rows.map((c) => timestampValue(c.timestamp))),
  };
}
