import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the old generation grow past what its last full collection kept, in percent,
 * in a dashboard's server. Left to its own heuristics, V8 set that limit 8 to 9 MB above the kept
 * heap (about 80 MB: Next's and the routes' code), and a proxied page of events makes some 0.7 MB
 * off the heap (the socket's chunks, undici's joined body, the redacted copy), which V8 counts
 * against it: a full collection of the whole heap every dozen pages, 50 to 150 ms of CPU that
 * freed under 1 MB (cache hits and small analytics replies started none). With room for 100 %
 * more, one comes every hundred-odd pages (docs/performance.md, issue 20's fifth pass).
 */
export const HEAP_GROWING_PERCENT = 100;

const FLAG = "--heap-growing-percent";

/** The flag to set, or null when the process was started with its own (an operator's choice stands). */
export function heapGrowthFlag(execArgv: readonly string[]): string | null {
  if (execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`) || arg.startsWith("--heap_growing_percent")))
    return null;
  return `${FLAG}=${HEAP_GROWING_PERCENT}`;
}

/**
 * Once per server process, at start. V8 reads this flag whenever a full collection sets the next
 * limit, so setting it at run time takes effect from the next one; `NODE_OPTIONS` does not take it.
 */
export function setHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv);
  if (flag) setFlagsFromString(flag);
}
