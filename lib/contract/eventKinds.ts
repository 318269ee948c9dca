/** The kinds of event GET /events lists (`event=`). */
export const EVENT_KINDS = ["clicks", "leads", "sales"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
