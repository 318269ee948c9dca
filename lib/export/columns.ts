import type { DerivedFields } from "../events/saleTypes";
import type { EventKind } from "../filters/table";
import type { ReadClickEvent, ReadEvent, ReadLeadEvent, ReadSaleEvent } from "../upstream/tolerant";
import { majorUnitsText } from "../format/money";

/**
 * The columns of each event kind, as plain data with value getters (no React): the CSV export
 * writes them, and the events table offers the same ids and labels in its column chooser.
 * Getters return the raw value as text: times in ISO 8601 UTC, money in major units.
 */
export interface EventColumn<E> {
  readonly id: string;
  readonly label: string;
  /** `text` cells may hold values typed by third parties (CSV export guards them against spreadsheet formulas). */
  readonly type: "text" | "time" | "number";
  /** Shown when the user has not chosen columns. */
  readonly default: boolean;
  /** `derived` holds what the event itself does not say (new or recurring), when it is known. */
  readonly get: (event: E, derived?: DerivedFields) => string;
}

type Column<E> = EventColumn<E>;
type AnyEvent = ReadEvent;
type WithCustomer = ReadLeadEvent | ReadSaleEvent;

const col = <E>(id: string, label: string, get: Column<E>["get"], options: Partial<Pick<Column<E>, "type" | "default">> = {}): Column<E> => ({
  id,
  label,
  type: options.type ?? "text",
  default: options.default ?? true,
  get,
});

const time = col<AnyEvent>("time", "Time", (e) => e.timestamp, { type: "time" });

const clickColumns: readonly Column<AnyEvent>[] = [
  col("shortLink", "Short link", (e) => e.link.shortLink),
  col("destination", "Destination URL", (e) => e.click.url),
  col("country", "Country", (e) => e.click.country),
  col("city", "City", (e) => e.click.city),
  col("region", "Region", (e) => e.click.region, { default: false }),
  col("continent", "Continent", (e) => e.click.continent, { default: false }),
  col("device", "Device", (e) => e.click.device),
  col("browser", "Browser", (e) => e.click.browser),
  col("os", "OS", (e) => e.click.os),
  col("trigger", "Trigger", (e) => e.click.trigger ?? (e.click.qr ? "qr" : "link")),
  col("referer", "Referrer", (e) => e.click.referer),
  col("refererUrl", "Referrer URL", (e) => e.click.refererUrl, { default: false }),
  col("ip", "IP address", (e) => e.click.ip, { default: false }),
  col("linkId", "Link ID", (e) => e.link.id, { default: false }),
  col("clickId", "Click ID", (e) => e.click.id, { default: false }),
];

const leadColumns: readonly Column<WithCustomer>[] = [
  col("eventName", "Event name", (e) => e.eventName),
  col("customerName", "Customer name", (e) => e.customer?.name ?? ""),
  col("customerEmail", "Customer email", (e) => e.customer?.email ?? ""),
  col("customerId", "Customer ID", (e) => e.customer?.id ?? "", { default: false }),
];

const saleColumns: readonly Column<ReadSaleEvent>[] = [
  col("amount", "Amount", (e) => majorUnitsText(e.sale.amount, e.sale.currency), { type: "number" }),
  col("currency", "Currency", (e) => e.sale.currency),
  col<ReadSaleEvent>("saleType", "Type", (_event, derived) => derived?.saleType ?? ""),
  col("invoice", "Invoice", (e) => e.sale.invoiceId ?? ""),
  col("paymentProcessor", "Payment processor", (e) => e.sale.paymentProcessor ?? "", { default: false }),
];

const eventId = col<WithCustomer>("eventId", "Event ID", (e) => e.eventId, { default: false });

export const EVENT_COLUMNS: {
  readonly clicks: readonly Column<ReadClickEvent>[];
  readonly leads: readonly Column<ReadLeadEvent>[];
  readonly sales: readonly Column<ReadSaleEvent>[];
} = {
  clicks: [time, ...clickColumns],
  leads: [time, ...leadColumns, ...clickColumns, eventId],
  sales: [time, ...leadColumns, ...saleColumns, ...clickColumns, eventId],
};

export type ColumnFor<K extends EventKind> = (typeof EVENT_COLUMNS)[K][number];

export function defaultColumnIds(kind: EventKind): string[] {
  return EVENT_COLUMNS[kind].filter((c) => c.default).map((c) => c.id);
}
