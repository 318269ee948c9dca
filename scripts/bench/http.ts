import { sleep } from "./stats";

export interface TimedReply {
  ms: number;
  status: number;
  body: string;
}

export interface TimedGetResult extends TimedReply {
  /** 429s met (and waited out) before this reply. */
  limited: number;
}

/** One GET, timed from sending to the last byte of the body. */
export async function timedFetch(url: string, headers: Record<string, string> = {}): Promise<TimedReply> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

/**
 * A timed GET that must answer 200. A 429 (the series was paced under the limit, so it should
 * not happen) is waited out per Retry-After and counted; anything else is an error.
 */
export async function timedGet(
  url: string,
  headers: Record<string, string> = {},
  maxRetries = 3,
): Promise<TimedGetResult> {
  let limited = 0;
  for (;;) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status === 200) return { ms, status: res.status, body, limited };
    if (res.status !== 429 || limited >= maxRetries)
      throw new Error(`GET ${url} → ${res.status}: ${body.slice(0, 200)}`);
    limited += 1;
    const wait = Number(res.headers.get("retry-after") ?? "1");
    await sleep((Number.isFinite(wait) && wait > 0 ? wait : 1) * 1000);
  }
}

/** How many events a GET /events body holds (it is a JSON array). */
export function countRows(body: string): number {
  const parsed: unknown = JSON.parse(body);
  if (!Array.isArray(parsed)) throw new Error("expected a JSON array of events");
  return parsed.length;
}
