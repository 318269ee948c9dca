import type { EventKind } from "../../contract/dimensions";

/** The table each kind of event is stored in; queries read it as `e`. */
export const EVENT_TABLE: Record<EventKind, string> = {
  clicks: "click_events",
  leads: "lead_events",
  sales: "sale_events",
};
