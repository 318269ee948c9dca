import { MAX_LIMIT, type EventsQuery } from "../contract/query";

/**
 * New or recurring is not a field of the sale event; the API only filters on it (`saleType`).
 * The events table and the CSV export both learn it the same way: for a page of sales, ask for
 * the new sales among the same filters over that page's own time span. Every sale of the page
 * lies in that span, so a sale is new exactly when that companion listing holds it.
 */

export type SaleType = "new" | "recurring";

/** Values that derive from more than the event itself, for the columns that show them. */
export interface DerivedFields {
  saleType?: SaleType;
}

/** The sale type every sale of the view has, when the view filters on it: no companion request needed. */
export function fixedSaleType(query: EventsQuery): SaleType | undefined {
  const clause = query.filters.saleType;
  return clause && !clause.exclude ? (clause.values[0] as SaleType) : undefined;
}

/** The companion listing's query for a page of sales, page `page` of it; null for an empty page. */
export function newSalesQuery(
  query: EventsQuery,
  sales: readonly { timestamp: string }[],
  page = 1,
): EventsQuery | null {
  if (sales.length === 0) return null;
  const times = sales.map((s) => s.timestamp).sort();
  return {
    ...query,
    interval: undefined,
    start: times[0],
    end: times[times.length - 1],
    filters: { ...query.filters, saleType: { exclude: false, values: ["new"] } },
    page,
    limit: MAX_LIMIT,
    sortOrder: "desc",
  };
}

/** New when the companion listing holds the sale; undefined while that listing is unknown. */
export function saleTypeFrom(
  fixed: SaleType | undefined,
  newEventIds: ReadonlySet<string> | undefined,
  eventId: string,
): SaleType | undefined {
  if (fixed) return fixed;
  if (!newEventIds) return undefined;
  return newEventIds.has(eventId) ? "new" : "recurring";
}
