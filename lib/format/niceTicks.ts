/** Steps people read at a glance: 1, 2, 2.5 and 5 times a power of ten. */
const STEPS = [1, 2, 2.5, 5, 10] as const;

/**
 * Axis ticks from 0 past `max` in a nice step, about `count` of them. `unit` is how many of the
 * values make one step unit: 100 for cents, so money steps by $500, never by 55,000 cents ($550).
 * Steps never go below one unit (no half clicks, no fractions of a cent).
 */
export function niceTicks(max: number, { unit = 1, count = 4 }: { unit?: number; count?: number } = {}): number[] {
  const top = Math.max(0, max) / unit;
  if (top === 0) return [0, unit];
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, STEPS.map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const steps = Math.ceil(top / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * unit));
}
