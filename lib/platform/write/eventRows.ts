import { listValue, timestampTZValue, type DuckDBValue } from "@duckdb/node-api";
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

/** A lead or a sale, as a batch of tracking calls records them (trackGroup.ts). */
export type ConversionEvent = Extract<EventRow, { kind: "leads" | "sales" }>;

type ConversionColumn<R> = readonly [column: string, value: (row: R) => DuckDBValue];

/** lead_events' columns, in the table's order (schema.sql). */
const LEAD_COLUMNS: readonly ConversionColumn<LeadRow>[] = [
  ["id", (r) => r.id],
  ["workspace_id", (r) => r.workspaceId],
  ["click_id", (r) => r.clickId],
  ["link_id", (r) => r.linkId],
  ["customer_id", (r) => r.customerId],
  ["timestamp", (r) => timestampValue(r.timestamp)],
  ["event_name", (r) => r.eventName],
  ["metadata", (r) => r.metadata],
  ...CLICK_DIMENSIONS.map((column): ConversionColumn<LeadRow> => [column, (r) => r.click[column]]),
];

const SALE_COLUMNS: readonly ConversionColumn<SaleRow>[] = [
  ...(LEAD_COLUMNS as readonly ConversionColumn<SaleRow>[]),
  ["amount", (r) => BigInt(r.amount)],
  ["currency", (r) => r.currency],
  ["invoice_id", (r) => r.invoiceId],
  ["payment_processor", (r) => r.paymentProcessor],
  ["sale_type", (r) => r.saleType],
];

/** The value getters of `columns` in the table's column order `order` (schema.sql): the appender takes values by position. */
function inTableOrder<R>(
  columns: readonly ConversionColumn<R>[],
  order: readonly string[],
): ((row: R) => DuckDBValue)[] {
  const byName = new Map(columns.map(([column, value]) => [column, value]));
  return order.map((column) => {
    const value = byName.get(column);
    if (!value) throw new Error(`No value for column ${column}`);
    return value;
  });
}

const LEAD_APPEND = LEAD_COLUMNS.map(([, value]) => value);
/** sale_events' columns in the table's order (schema.sql): its sale columns come before metadata. */
const SALE_APPEND = inTableOrder(SALE_COLUMNS, [
  "id",
  "workspace_id",
  "click_id",
  "link_id",
  "customer_id",
  "timestamp",
  "event_name",
  "amount",
  "currency",
  "invoice_id",
  "payment_processor",
  "sale_type",
  "metadata",
  ...CLICK_DIMENSIONS,
]);

/**
 * A batch's leads as appended rows of lead_events (or a staging table made from it): the appender
 * costs the writer far less than an insert of unnested list parameters (one round trip, no planning).
 */
export const leadAppendRow = (row: LeadRow): DuckDBValue[] => LEAD_APPEND.map((value) => value(row));
/** A batch's sales as appended rows of sale_events (or a staging table made from it). */
export const saleAppendRow = (row: SaleRow): DuckDBValue[] => SALE_APPEND.map((value) => value(row));

/** Every link's counters grow by its leads and sales of the batch, in one statement (a customer's first sale also counts a conversion). */
export const CONVERSION_COUNTERS_SQL = `UPDATE links SET leads = links.leads + d.leads, sales = links.sales + d.sales,
    sale_amount = links.sale_amount + d.amount, conversions = links.conversions + d.converted
  FROM (SELECT unnest($link_id::VARCHAR[]) AS link_id, unnest($workspace_id::VARCHAR[]) AS workspace_id,
          unnest($leads::BIGINT[]) AS leads, unnest($sales::BIGINT[]) AS sales, unnest($amount::BIGINT[]) AS amount,
          unnest($converted::BIGINT[]) AS converted) d
  WHERE links.id = d.link_id AND links.workspace_id = d.workspace_id`;

export function conversionCountersValues(events: readonly ConversionEvent[]): SqlValues {
  const byLink = new Map<
    string,
    { linkId: string; workspaceId: string; leads: number; sales: number; amount: number; converted: number }
  >();
  for (const event of events) {
    const key = `${event.row.workspaceId}\u0000${event.row.linkId}`;
    let link = byLink.get(key);
    if (!link) {
      link = {
        linkId: event.row.linkId,
        workspaceId: event.row.workspaceId,
        leads: 0,
        sales: 0,
        amount: 0,
        converted: 0,
      };
      byLink.set(key, link);
    }
    if (event.kind === "leads") link.leads += 1;
    else {
      link.sales += 1;
      link.amount += event.row.amount;
      if (event.row.saleType === "new") link.converted += 1;
    }
  }
  const links = [...byLink.values()];
  return {
    link_id: listValue(links.map((l) => l.linkId)),
    workspace_id: listValue(links.map((l) => l.workspaceId)),
    leads: listValue(links.map((l) => BigInt(l.leads))),
    sales: listValue(links.map((l) => BigInt(l.sales))),
    amount: listValue(links.map((l) => BigInt(l.amount))),
    converted: listValue(links.map((l) => BigInt(l.converted))),
  };
}
