import type { EventKind } from "../../contract/dimensions";

/** The table each kind of event is stored in; queries read it as `e`. */
export const EVENT_TABLE: Record<EventKind, string> = {
  clicks: "click_events",
  leads: "lead_events",
  sales: "sale_events",
};

/**
 * The click's columns that every filter and grouping by the click reads. Leads and sales carry
 * them too, copied from their click when written (schema.sql): the click of a conversion is found
 * by a random id, and joining it costs a hash table of every conversion click per statement.
 */
export const CLICK_DIMENSIONS = [
  "url",
  "country",
  "city",
  "region",
  "continent",
  "device",
  "browser",
  "os",
  "trigger",
  "referer",
  "referer_url",
] as const;

export type ClickDimension = (typeof CLICK_DIMENSIONS)[number];
