import { TZDate } from "@date-fns/tz";
import * as z from "../contract/zod";
import { canonicalTimeZone } from "../contract/dateRange";

/**
 * When a schedule runs. Reports: daily, weekly (a weekday) or monthly (a day of the month, 1-28 so
 * every month has it), at an hour in a time zone; the hour is local, so it stays 09:00 across DST.
 * Alerts: every N minutes, on multiples of N since the epoch.
 */
const zone = z.pipe(
  z.string(),
  z.transform((raw: string, ctx) => {
    const canonical = canonicalTimeZone(raw.trim());
    if (canonical) return canonical;
    ctx.issues.push({
      code: "custom",
      input: raw,
      message: `"${raw.slice(0, 60)}" is not an IANA time zone such as Europe/Berlin or UTC.`,
    });
    return z.NEVER;
  }),
);

const hour = z.number().check(z.int(), z.minimum(0), z.maximum(23));

export const ALERT_EVERY_MINUTES = [15, 30, 60, 360, 1440] as const;

export const cadenceSchema = z.discriminatedUnion("frequency", [
  z.object({ frequency: z.literal("daily"), hour, timezone: zone }),
  z.object({
    frequency: z.literal("weekly"),
    hour,
    weekday: z.number().check(z.int(), z.minimum(0), z.maximum(6)),
    timezone: zone,
  }),
  z.object({
    frequency: z.literal("monthly"),
    hour,
    monthday: z.number().check(z.int(), z.minimum(1), z.maximum(28)),
    timezone: zone,
  }),
  z.object({ frequency: z.literal("every"), minutes: z.literal(ALERT_EVERY_MINUTES) }),
]);
export type Cadence = z.infer<typeof cadenceSchema>;

const MINUTE = 60_000;

function matches(cadence: Exclude<Cadence, { frequency: "every" }>, day: TZDate): boolean {
  switch (cadence.frequency) {
    case "daily":
      return true;
    case "weekly":
      return day.getDay() === cadence.weekday;
    case "monthly":
      return day.getDate() === cadence.monthday;
  }
}

/**
 * The first slot strictly after `afterMs`. A local hour DST skips (02:30 on a spring-forward
 * day) runs at the instant the zone's clocks jump to; an hour it repeats runs once, the first time.
 */
export function nextSlot(cadence: Cadence, afterMs: number): number {
  if (cadence.frequency === "every") {
    const step = cadence.minutes * MINUTE;
    return Math.floor(afterMs / step) * step + step;
  }
  const local = new TZDate(afterMs, cadence.timezone);
  // A month and a half covers every monthly day; daily and weekly stop within 8 days.
  for (let offset = 0; offset <= 62; offset++) {
    const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + offset, 12, 0, 0, cadence.timezone);
    if (!matches(cadence, day)) continue;
    const slot = new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      cadence.hour,
      0,
      0,
      cadence.timezone,
    ).getTime();
    if (slot > afterMs) return slot;
  }
  throw new Error("unreachable: every cadence has a slot within 62 days");
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Weekly on Monday at 09:00 (Europe/Berlin)". */
export function describeCadence(cadence: Cadence): string {
  if (cadence.frequency === "every")
    return cadence.minutes < 60
      ? `Every ${cadence.minutes} minutes`
      : cadence.minutes === 1440
        ? "Daily"
        : `Every ${cadence.minutes / 60} hours`;
  const at = `at ${String(cadence.hour).padStart(2, "0")}:00 (${cadence.timezone})`;
  switch (cadence.frequency) {
    case "daily":
      return `Daily ${at}`;
    case "weekly":
      return `Weekly on ${WEEKDAYS[cadence.weekday]} ${at}`;
    case "monthly":
      return `Monthly on day ${cadence.monthday} ${at}`;
  }
}
