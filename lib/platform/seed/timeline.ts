/** When clicks happen: daily cycle in the visitor's local time, weekly cycle, growth, day-to-day noise. */
import { Rng } from "./prng";
import type { TimeWindow } from "./types";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Relative traffic by local hour: quiet nights, afternoon peak. */
const HOURLY = [
  0.25, 0.16, 0.11, 0.09, 0.09, 0.12, 0.22, 0.38, 0.58, 0.74, 0.84, 0.9, 0.92, 0.97, 1.0, 1.0, 0.96, 0.88, 0.8, 0.76,
  0.74, 0.68, 0.55, 0.38,
];
/** Relative traffic by local weekday, Sunday first. */
const WEEKDAY = [0.62, 1.0, 1.05, 1.04, 1.0, 0.9, 0.58];
/** Traffic at the end of the window relative to its start. */
const GROWTH = 1.4;

export function makeWindow(now: number, days: number): TimeWindow {
  return { start: now - days * DAY, end: now, days };
}

/** Samples click times; one cumulative table of hour slots per UTC offset, built on first use. */
export class TimeSampler {
  private readonly window: TimeWindow;
  private readonly slots: number;
  private readonly dayNoise: Float64Array;
  private readonly tables = new Map<number, Float64Array>();

  constructor(seed: number, window: TimeWindow) {
    this.window = window;
    this.slots = Math.ceil((window.end - window.start) / HOUR);
    const rng = Rng.stream(seed, "day-noise");
    this.dayNoise = new Float64Array(window.days + 2);
    for (let d = 0; d < this.dayNoise.length; d++) {
      this.dayNoise[d] = Math.min(1.3, Math.max(0.75, 1 + 0.1 * rng.normal()));
    }
  }

  private table(utcOffset: number): Float64Array {
    const cached = this.tables.get(utcOffset);
    if (cached) return cached;
    const { start, end } = this.window;
    const span = end - start;
    const cumulative = new Float64Array(this.slots);
    let sum = 0;
    for (let j = 0; j < this.slots; j++) {
      const slotStart = start + j * HOUR;
      const covered = Math.min(HOUR, end - slotStart) / HOUR;
      const local = new Date(slotStart + HOUR / 2 + utcOffset * HOUR);
      const progress = (slotStart - start) / span;
      const w =
        HOURLY[local.getUTCHours()]! *
        WEEKDAY[local.getUTCDay()]! *
        Math.pow(GROWTH, progress) *
        this.dayNoise[Math.floor((slotStart - start) / DAY)]! *
        covered;
      sum += w;
      cumulative[j] = sum;
    }
    this.tables.set(utcOffset, cumulative);
    return cumulative;
  }

  /** A timestamp (integer ms) in the window, following the cycles of a visitor at this UTC offset. */
  sample(rng: Rng, utcOffset: number): number {
    const cumulative = this.table(utcOffset);
    const target = rng.float() * cumulative[cumulative.length - 1]!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    const slotStart = this.window.start + lo * HOUR;
    const slotLen = Math.min(HOUR, this.window.end - slotStart);
    return slotStart + Math.floor(rng.float() * slotLen);
  }
}
