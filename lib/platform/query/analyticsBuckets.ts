import { TZDate } from "@date-fns/tz";
import { GRANULARITIES, type Granularity } from "../../contract/analytics";
import type { DateRange } from "../../contract/dateRange";
import { ApiError } from "../../contract/errors";
import { MAX_BUCKETS } from "../../contract/granularity";
import { SLOT_MS, SLOT_SECONDS } from "./slots";
import type { SqlParams } from "./sqlParams";

/**
 * Time buckets in a time zone. Events are counted per 15-minute slot of UTC time (slots.ts),
 * and slots join the series of bucket starts (ASOF: the last start at or before the slot): the
 * zone conversion, about a microsecond per value in ICU, then runs once per bucket instead of
 * once per event.
 */

const STEP: Record<Granularity, string> = {
  hour: "INTERVAL 1 HOUR",
  day: "INTERVAL 1 DAY",
  week: "INTERVAL 1 WEEK",
  month: "INTERVAL 1 MONTH",
};

/**
 * Every bucket start (TIMESTAMPTZ) of the range in the zone of parameter `tz`, one column
 * `bucket`. Days, weeks (from Monday) and months: local starts stepped in local time, then
 * converted. Hours are cut from each slot's instant instead: when clocks fall back, local
 * 01:00 happens twice, and stepping local time would merge those two hours into one bucket.
 */
export function seriesSql(range: DateRange, granularity: Granularity, tz: string, p: SqlParams): string {
  const last = new Date(range.end.getTime() - 1);
  if (granularity === "hour") {
    const from = p.add("first_slot", BigInt(Math.floor(range.start.getTime() / SLOT_MS)));
    const to = p.add("last_slot", BigInt(Math.floor(last.getTime() / SLOT_MS)));
    const local = `(to_timestamp(g.slot * ${SLOT_SECONDS}) AT TIME ZONE ${tz})`;
    return `SELECT DISTINCT to_timestamp(g.slot * ${SLOT_SECONDS}) - (${local} - date_trunc('hour', ${local})) AS bucket
      FROM generate_series(${from}::BIGINT, ${to}::BIGINT) g(slot)`;
  }
  const first = `date_trunc('${granularity}', ${p.timestamp("series_first", range.start)} AT TIME ZONE ${tz})`;
  const final = `date_trunc('${granularity}', ${p.timestamp("series_last", last)} AT TIME ZONE ${tz})`;
  return `SELECT g.local AT TIME ZONE ${tz} AS bucket FROM generate_series(${first}, ${final}, ${STEP[granularity]}) g(local)`;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface LocalParts {
  /** Days since 1970-01-01 of the local calendar date. */
  day: number;
  /** Months since year 0. */
  month: number;
  /** Time since the start of the local hour. */
  minuteMs: number;
}

function localParts(at: Date, timeZone: string): LocalParts {
  const local = new TZDate(at.getTime(), timeZone);
  return {
    day: Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / DAY,
    month: local.getFullYear() * 12 + local.getMonth(),
    minuteMs: (local.getMinutes() * 60 + local.getSeconds()) * 1000 + local.getMilliseconds(),
  };
}

/** Monday-based week number: 1970-01-01 was a Thursday. */
const weekOf = (day: number) => Math.floor((day + 3) / 7);

/** How many buckets the series has (hours assume offsets change by whole hours, as nearly all do). */
export function bucketCount(range: DateRange, granularity: Granularity, timeZone: string): number {
  const first = localParts(range.start, timeZone);
  const last = localParts(new Date(range.end.getTime() - 1), timeZone);
  switch (granularity) {
    case "hour":
      return Math.floor((range.end.getTime() - 1 - (range.start.getTime() - first.minuteMs)) / HOUR) + 1;
    case "day":
      return last.day - first.day + 1;
    case "week":
      return weekOf(last.day) - weekOf(first.day) + 1;
    case "month":
      return last.month - first.month + 1;
  }
}

/** 422 when the series would exceed MAX_BUCKETS. */
export function checkBucketCount(range: DateRange, granularity: Granularity, timeZone: string): void {
  const count = bucketCount(range, granularity, timeZone);
  if (count <= MAX_BUCKETS) return;
  const coarser = GRANULARITIES.slice(GRANULARITIES.indexOf(granularity) + 1);
  const advice =
    coarser.length > 0 ? `use a coarser granularity (${coarser.join(", ")}) or a shorter range` : "use a shorter range";
  throw new ApiError(
    "unprocessable_entity",
    `Invalid value for "granularity": ${granularity} buckets over this range would give ${count} buckets, more than the ${MAX_BUCKETS} allowed; ${advice}.`,
  );
}
