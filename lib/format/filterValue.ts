import type { FilterParam } from "../filters/table";
import { continentName } from "./continent";
import { formatCountry, flagEmoji } from "./country";

/** Labels for values whose raw form means little to people; other filters show the value itself. */
const LABELS: Partial<Record<FilterParam, (value: string) => string>> = {
  country: formatCountry,
  region: (value) => {
    const flag = flagEmoji(value.slice(0, 2));
    return flag ? `${flag} ${value}` : value;
  },
  continent: continentName,
  root: (value) => (value === "true" ? "Root domains only" : value === "false" ? "Links only" : value),
  trigger: (value) => ({ link: "Link click", qr: "QR scan", pageview: "Page view" })[value] ?? value,
  saleType: (value) => ({ new: "New", recurring: "Recurring" })[value] ?? value,
};

export function formatFilterValue(param: FilterParam, value: string): string {
  return LABELS[param]?.(value) ?? value;
}
