import type { DerivedFields } from "../events/saleTypes";
import type { EventKind, FilterParam } from "../contract/dimensions";
import type { ReadClickEvent, ReadEvent, ReadLeadEvent, ReadSaleEvent } from "../contract/readEvents";
import { majorUnitsText } from "../format/money";

/**
 * The columns of each event kind, as plain data with value getters (no React): the CSV export
 * writes them, and the events table offers the same ids and labels in its column chooser.
 * Getters return the raw value as text: times in ISO 8601 UTC, money in major units.
 */
/** Every column any kind has; tables and exports key their per-column data by it. */
export const COLUMN_IDS = [
  "time",
  "shortLink",
  "destination",
  "country",
  "city",
  "region",
  "continent",
  "device",
  "browser",
  "os",
  "trigger",
  "referer",
  "refererUrl",
  "ip",
  "linkId",
  "partner",
  "clickId",
  "eventName",
  "customerName",
  "customerEmail",
  "customerId",
  "amount",
  "currency",
  "saleType",
  "invoice",
  "paymentProcessor",
  "eventId",
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export interface EventColumn<E> {
  readonly id: ColumnId;
  readonly label: string;
  /** `text` cells may hold values typed by third parties (CSV export guards them against spreadsheet formulas). */
  readonly type: "text" | "time" | "number";
  /** Shown when the user has not chosen columns. */
  readonly default: boolean;
  /** The filter this column's value belongs to: its display (lib/filters/dimensions.ts) and "filter by this value". */
  readonly dimension?: FilterParam;
  /** `derived` holds what the event itself does not say (new or recurring), when it is known. */
  readonly get: (event: E, derived?: DerivedFields) => string;
}

type Column<E> = EventColumn<E>;
type AnyEvent = ReadEvent;
type WithCustomer = ReadLeadEvent | ReadSaleEvent;

const col = <E>(
  id: ColumnId,
  label: string,
  get: Column<E>["get"],
  options: Partial<Pick<Column<E>, "type" | "default" | "dimension">> = {},
): Column<E> => ({
  id,
  label,
  type: options.type ?? "text",
  default: options.default ?? true,
  dimension: options.dimension,
  get,
});

const time = col<AnyEvent>("time", "Time", (e) => e.timestamp, { type: "time" });

const clickColumns: readonly Column<AnyEvent>[] = [
  col("shortLink", "Short link", (e) => e.link.shortLink, { dimension: "linkId" }),
  col("destination", "Destination URL", (e) => e.click.url, { dimension: "url" }),
  col("country", "Country", (e) => e.click.country, { dimension: "country" }),
  col("city", "City", (e) => e.click.city, { dimension: "city" }),
  col("region", "Region", (e) => e.click.region, { default: false, dimension: "region" }),
  col("continent", "Continent", (e) => e.click.continent, { default: false, dimension: "continent" }),
  col("device", "Device", (e) => e.click.device, { dimension: "device" }),
  col("browser", "Browser", (e) => e.click.browser, { dimension: "browser" }),
  col("os", "OS", (e) => e.click.os, { dimension: "os" }),
  col("trigger", "Trigger", (e) => e.click.trigger ?? (e.click.qr ? "qr" : "link"), { dimension: "trigger" }),
  col("referer", "Referrer", (e) => e.click.referer, { dimension: "referer" }),
  col("refererUrl", "Referrer URL", (e) => e.click.refererUrl, { default: false, dimension: "refererUrl" }),
  col("ip", "IP address", (e) => e.click.ip, { default: false }),
  col("linkId", "Link ID", (e) => e.link.id, { default: false, dimension: "linkId" }),
  col("clickId", "Click ID", (e) => e.click.id, { default: false }),
];

const leadColumns: readonly Column<WithCustomer>[] = [
  col("eventName", "Event name", (e) => e.eventName),
  col("customerName", "Customer name", (e) => e.customer?.name ?? "", { dimension: "customerId" }),
  col("customerEmail", "Customer email", (e) => e.customer?.email ?? "", { dimension: "customerId" }),
  col("customerId", "Customer ID", (e) => e.customer?.id ?? "", { default: false, dimension: "customerId" }),
];

/** The link's partner: named where the page (or the export) can name it. */
const partner = (shownByDefault: boolean) =>
  col<AnyEvent>("partner", "Partner", (e) => e.link.partnerId ?? "", {
    dimension: "partnerId",
    default: shownByDefault,
  });

const saleColumns: readonly Column<ReadSaleEvent>[] = [
  col("amount", "Amount", (e) => majorUnitsText(e.sale.amount, e.sale.currency), { type: "number" }),
  col("currency", "Currency", (e) => e.sale.currency),
  col<ReadSaleEvent>("saleType", "Type", (_event, derived) => derived?.saleType ?? "", { dimension: "saleType" }),
  col("invoice", "Invoice", (e) => e.sale.invoiceId ?? ""),
  col("paymentProcessor", "Payment processor", (e) => e.sale.paymentProcessor ?? "", { default: false }),
];

const eventId = col<WithCustomer>("eventId", "Event ID", (e) => e.eventId, { default: false });

export const EVENT_COLUMNS: {
  readonly clicks: readonly Column<ReadClickEvent>[];
  readonly leads: readonly Column<ReadLeadEvent>[];
  readonly sales: readonly Column<ReadSaleEvent>[];
} = {
  clicks: [time, ...clickColumns, partner(false)],
  leads: [time, ...leadColumns, ...clickColumns, partner(false), eventId],
  sales: [time, ...leadColumns, ...saleColumns, partner(true), ...clickColumns, eventId],
};

export function defaultColumnIds(kind: EventKind): ColumnId[] {
  return EVENT_COLUMNS[kind].filter((c) => c.default).map((c) => c.id);
}
