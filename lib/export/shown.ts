import type { FilterParam } from "../contract/dimensions";
import { formatFilterValue } from "../filters/dimensions";
import { isoInZone } from "../format/date";
import type { EventColumn } from "./columns";

/** What a CSV "as the page shows it" needs beyond the events: the view's zone, and names for ids. */
export interface ShowContext {
  timeZone: string;
  /** A name for an id (a partner's), when the export could learn it. */
  nameOf: (param: FilterParam, id: string) => string | undefined;
}

/**
 * A column's raw value (codes, ids, UTC times) as the page shows it: times in the view's zone with
 * their offset, currencies as codes people read (GBP), a dimension's value in words (United States,
 * QR scan, New), a partner by its name.
 */
export function shownValue<E>(column: EventColumn<E>, raw: string, ctx: ShowContext): string {
  if (raw === "") return raw;
  if (column.type === "time") return isoInZone(new Date(raw), ctx.timeZone);
  if (column.id === "currency") return raw.toUpperCase();
  if (column.id === "partner") return ctx.nameOf("partnerId", raw) ?? raw;
  return column.dimension ? formatFilterValue(column.dimension, raw) : raw;
}
