/**
 * The UI's range (lib/queries/fetchJson PRIORITY: visible 10, companion 5, prefetch −10; charts
 * name `high`/`low`). A client may send anything: clamped to this range, a header cannot put a
 * request ahead of what the UI shows first, and the export's −10 is the floor.
 */
export const MIN_PRIORITY = -10;
export const MAX_PRIORITY = 10;

const NAMED_PRIORITY: Readonly<Record<string, number>> = { high: MAX_PRIORITY, low: MIN_PRIORITY };

/** A request's place in the rate budget's queue, from its `X-Linklens-Priority` header (higher first, default 0). */
export function requestPriority(request: Request): number {
  const raw = request.headers.get("x-linklens-priority")?.trim().toLowerCase() ?? "";
  if (Object.hasOwn(NAMED_PRIORITY, raw)) return NAMED_PRIORITY[raw];
  if (!/^[+-]?\d+$/.test(raw)) return 0;
  return Math.max(MIN_PRIORITY, Math.min(MAX_PRIORITY, Number(raw)));
}
