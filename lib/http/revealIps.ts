/**
 * The dashboard's own parameter asking /api/events and /api/export for full IP addresses instead
 * of masked ones. Never sent upstream (the contract's parse leaves unknown parameters out).
 */
export const REVEAL_IPS_PARAM = "revealIps";

/** Whether the request asks for full IP addresses: `revealIps=1` (or `true`). */
export function asksToRevealIps(params: URLSearchParams): boolean {
  const value = params.get(REVEAL_IPS_PARAM);
  return value === "1" || value === "true";
}
