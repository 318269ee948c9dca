import type { EventKind } from "@/lib/filters/table";
import { EVENT_KINDS } from "@/lib/filters/table";

export const KIND_LABELS: Record<EventKind, string> = { clicks: "Clicks", leads: "Leads", sales: "Sales" };

export const KIND_TABS = EVENT_KINDS.map((kind) => ({ id: kind, label: KIND_LABELS[kind] }));

/** Element id prefix of the events tabs and their panel. */
export const TABS_ID = "events";
