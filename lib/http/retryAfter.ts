/**
 * A `Retry-After` value in milliseconds from `now`: delta-seconds as the spec sends it, or an HTTP
 * date; null when absent or not one of those (negative, hexadecimal, exponent, words).
 * Pure, for both the proxy (server) and the browser.
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  const raw = value?.trim() ?? "";
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.ceil(Number(raw) * 1000);
  if (/[a-z]/i.test(raw)) {
    const at = Date.parse(raw);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil(at - now));
  }
  return null;
}

/** The same wait in whole seconds, rounded up, as the UI shows it and the header carries it. */
export function retryAfterSeconds(value: string | null | undefined, now: number): number | null {
  const ms = retryAfterMs(value, now);
  return ms === null ? null : Math.ceil(ms / 1000);
}
