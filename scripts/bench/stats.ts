/** Percentiles and pacing shared by every benchmark step. */

export interface Figures {
  p50: number;
  p95: number;
  /** How many samples the percentiles came from. */
  n: number;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error("no samples");
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;

export function figures(samples: readonly number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round1(percentile(sorted, 0.5)), p95: round1(percentile(sorted, 0.95)), n: sorted.length };
}

/**
 * The process's CPU (user + system, its native threads included) per call of `run`, in ms, one
 * sample a call, the calls one at a time: a figure the machine's other load barely moves.
 */
export async function cpuMsPerCall(run: () => Promise<unknown>, samples: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const before = process.cpuUsage();
    await run();
    const used = process.cpuUsage(before);
    out.push((used.user + used.system) / 1000);
  }
  return out;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface PaceOptions {
  /** Untimed runs first (cold caches, JIT, prepared statements). */
  warmup: number;
  samples: number;
  /** Time from one run's start to the next run's start; 0 runs back to back. */
  paceMs: number;
}

/**
 * Runs `timed` warmup + samples times, one start every `paceMs`, and keeps the durations it
 * returns after the warmup. `timed` measures itself, so retries or parsing can stay outside.
 */
export async function pacedSamples(options: PaceOptions, timed: (index: number) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < options.warmup + options.samples; i++) {
    const slot = sleep(options.paceMs);
    const took = await timed(i);
    if (i >= options.warmup) out.push(took);
    await slot;
  }
  return out;
}

/** "1.23" or "—" when a side is missing. */
export function ratio(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined || b === 0) return "—";
  return (a / b).toFixed(2);
}
