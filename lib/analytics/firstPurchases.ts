import type { GroupBy } from "../contract/dimensions";
import type { CommonQuery } from "../contract/query";
import { chartQuery, withFilters, withoutFilter, type QueryFor } from "./queries";

const NEW_ONLY = { saleType: { exclude: false, values: ["new"] } };

/**
 * When the view's own sale type decides which sales are first purchases: all of them
 * (saleType=new), or none (saleType=recurring). Null when a request must tell.
 */
export function fixedFirstPurchases(view: CommonQuery): "all" | "none" | null {
  const saleType = view.filters.saleType?.values[0];
  return saleType === "new" ? "all" : saleType === "recurring" ? "none" : null;
}

/**
 * First purchases (sales of type new) over the view, grouped as asked; null when the view's sale
 * type decides them. For `count` it is the Sales card's "New" query, so the two share one request.
 */
export function firstPurchasesQuery<G extends GroupBy>(view: CommonQuery, groupBy: G): QueryFor<G> | null {
  if (fixedFirstPurchases(view) !== null) return null;
  return withFilters(withoutFilter(chartQuery(view, "sales", groupBy), "saleType"), NEW_ONLY);
}
