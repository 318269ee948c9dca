/**
 * Whether a failure is a cancellation rather than an error: `AbortError` from fetch and
 * AbortSignal, or `ResponseAborted`, which Next gives a route handler's `request.signal` when the
 * client disconnects. Pure, for both the proxy (server) and the browser.
 */
const ABORT_NAMES: ReadonlySet<string> = new Set(["AbortError", "ResponseAborted"]);

export function isAbort(error: unknown): boolean {
  return error instanceof Error && ABORT_NAMES.has(error.name);
}
