import type { Granularity } from "../contract/analytics";

/**
 * Bucket labels in the view's time zone. `start` is the ISO UTC instant the platform
 * sends; formatting goes through Intl with `timeZone` so the wall-clock day or hour is
 * the one the platform bucketed by, not the browser's.
 */

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    cache.set(key, found);
  }
  return found;
}

const HOUR: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" };

/** Hour and minute of an instant in a zone (for "is this midnight there?"). */
function wallClock(date: Date, timeZone: string): string {
  return formatter(timeZone, HOUR).format(date);
}

/** Short tick label: "14:00" (the date at local midnight), "Nov 21", "Nov 2025". */
export function axisLabel(start: string, granularity: Granularity, timeZone: string): string {
  const date = new Date(start);
  switch (granularity) {
    case "hour":
      return wallClock(date, timeZone) === "00:00" ? formatter(timeZone, DAY).format(date) : wallClock(date, timeZone);
    case "day":
    case "week":
      return formatter(timeZone, DAY).format(date);
    case "month":
      return formatter(timeZone, { month: "short", year: "numeric" }).format(date);
  }
}

/** Full label for tooltips and tables: "Fri, Nov 21, 2025, 14:00", "Week of Nov 17, 2025". */
export function bucketLabel(start: string, granularity: Granularity, timeZone: string): string {
  const date = new Date(start);
  switch (granularity) {
    case "hour":
      return formatter(timeZone, { weekday: "short", month: "short", day: "numeric", year: "numeric", ...HOUR }).format(date);
    case "day":
      return formatter(timeZone, { weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(date);
    case "week":
      return `Week of ${formatter(timeZone, { month: "short", day: "numeric", year: "numeric" }).format(date)}`;
    case "month":
      return formatter(timeZone, { month: "long", year: "numeric" }).format(date);
  }
}
