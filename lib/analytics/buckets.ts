import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Granularity } from "../contract/analytics";

/**
 * Bucket labels in the view's time zone. `start` is the ISO UTC instant the platform sends;
 * it is read as a TZDate in `timeZone`, so the wall-clock day or hour is the one the platform
 * bucketed by, not the browser's.
 */

const local = (start: string, timeZone: string) => new TZDate(Date.parse(start), timeZone);

/** Short tick label: "14:00" (the date at local midnight), "Nov 21", "Nov 2025". */
export function axisLabel(start: string, granularity: Granularity, timeZone: string): string {
  const date = local(start, timeZone);
  switch (granularity) {
    case "hour":
      return format(date, "HH:mm") === "00:00" ? format(date, "MMM d") : format(date, "HH:mm");
    case "day":
    case "week":
      return format(date, "MMM d");
    case "month":
      return format(date, "MMM yyyy");
  }
}

/** Full label for tooltips and tables: "Fri, Nov 21, 2025, 14:00", "Week of Nov 17, 2025". */
export function bucketLabel(start: string, granularity: Granularity, timeZone: string): string {
  const date = local(start, timeZone);
  switch (granularity) {
    case "hour":
      return format(date, "EEE, MMM d, yyyy, HH:mm");
    case "day":
      return format(date, "EEE, MMM d, yyyy");
    case "week":
      return format(date, "'Week of' MMM d, yyyy");
    case "month":
      return format(date, "MMMM yyyy");
  }
}
