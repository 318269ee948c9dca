import type { FilterParam } from "../filters/table";
import { continentName } from "./continent";
import { countryName } from "./country";

/** Labels for values whose raw form means little to people; other filters show the value itself. */
const LABELS: Partial<Record<FilterParam, (value: string) => string>> = {
  country: countryName,
  continent: continentName,
  root: (value) => (value === "true" ? "Root domains only" : value === "false" ? "Links only" : value),
  trigger: (value) => ({ link: "Link click", qr: "QR scan", pageview: "Page view" })[value] ?? value,
  saleType: (value) => ({ new: "New", recurring: "Recurring" })[value] ?? value,
};

export function formatFilterValue(param: FilterParam, value: string): string {
  return LABELS[param]?.(value) ?? value;
}

/** The country whose flag goes beside a value of this filter (countries, and regions by their country part). */
export function filterValueFlag(param: FilterParam, value: string): string | undefined {
  if (param === "country") return value;
  if (param === "region") return value.slice(0, 2);
  return undefined;
}
