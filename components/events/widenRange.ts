import { resolveRange, type Interval } from "@/lib/contract/dateRange";
import type { EventsQuery } from "@/lib/contract/query";

/** Presets offered when a view is empty, from narrow to wide. */
const WIDER: readonly { interval: Interval; label: string }[] = [
  { interval: "30d", label: "last 30 days" },
  { interval: "90d", label: "last 90 days" },
  { interval: "1y", label: "last 12 months" },
  { interval: "all", label: "all time" },
];

// Spans within an hour count as equal (DST days, rounding of `end`).
const SLACK_MS = 3_600_000;

function spanMs(query: Pick<EventsQuery, "interval" | "start" | "end" | "timezone">, now: Date): number {
  try {
    const { start, end } = resolveRange(query, now);
    return end.getTime() - start.getTime();
  } catch {
    return 0;
  }
}

/** The first preset wider than the current range, or null when nothing is wider. */
export function widerPreset(query: EventsQuery, now: Date): { interval: Interval; label: string } | null {
  if (!query.start && query.interval === "all") return null;
  const current = spanMs(query, now);
  return (
    WIDER.find((p) => spanMs({ interval: p.interval, timezone: query.timezone }, now) > current + SLACK_MS) ?? null
  );
}
