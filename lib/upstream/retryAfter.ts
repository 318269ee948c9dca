export const RETRY_AFTER_FALLBACK_MS = 1_000;
export const RETRY_AFTER_CAP_MS = 30_000;

/**
 * `Retry-After` in milliseconds: delta-seconds per the spec, an HTTP date tolerated,
 * anything else (missing, negative, nonsense) falls back to 1 s; capped at 30 s.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number {
  const raw = value?.trim() ?? "";
  let ms = RETRY_AFTER_FALLBACK_MS;
  if (/^\d+(\.\d+)?$/.test(raw)) ms = Number(raw) * 1000;
  else if (/[a-z]/i.test(raw)) {
    const at = Date.parse(raw);
    if (Number.isFinite(at)) ms = Math.max(0, at - now);
  }
  return Math.min(Math.ceil(ms), RETRY_AFTER_CAP_MS);
}
