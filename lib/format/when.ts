import { formatDateTime } from "./date";

/** The browser's own time zone (lists of the dashboard's own things: links, invitations, visitors). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** An instant in the app's one date format ("Nov 21, 2026, 03:00"); "never" for none. */
export function formatWhen(iso: string | null, timeZone: string): string {
  return iso === null ? "never" : formatDateTime(new Date(iso), timeZone, { year: true });
}
