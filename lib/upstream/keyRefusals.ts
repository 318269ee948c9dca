import type { UpstreamReply } from "./client";

/**
 * How long a refusal of the key stands for other requests. A plan (403 for a path) or a key
 * (401) changes rarely; a change is seen within this time. It keeps a Free or Pro key from
 * spending its window on requests the platform is sure to refuse, and answers the views queued
 * behind the refusal with the platform's own reason instead of a rate-limit wait.
 */
export const REFUSAL_MEMORY_MS = 10_000;

/** Headers that describe the key, not one request's window: a remembered refusal keeps only these. */
const KEPT_HEADERS = ["content-type", "x-ratelimit-limit"] as const;

/** Every path of the key, for a 401. */
const ANY_PATH = "*";

interface Refusal {
  reply: UpstreamReply;
  until: number;
}

function withoutWindow(reply: UpstreamReply): UpstreamReply {
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = reply.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return { status: reply.status, headers, body: reply.body };
}

/** The platform's recent refusals of one key: a 401 for any path, a 403 for the path it came from. */
export class KeyRefusals {
  private readonly byPath = new Map<string, Refusal>();

  /** Remembers `reply` when it refuses the key; true when it did. */
  remember(path: string, reply: UpstreamReply, now: number): boolean {
    if (reply.status !== 401 && reply.status !== 403) return false;
    this.byPath.set(reply.status === 401 ? ANY_PATH : path, {
      reply: withoutWindow(reply),
      until: now + REFUSAL_MEMORY_MS,
    });
    return true;
  }

  /** The standing refusal of a request for `path`, if any. */
  find(path: string | undefined, now: number): UpstreamReply | undefined {
    for (const key of path === undefined ? [ANY_PATH] : [ANY_PATH, path]) {
      const refusal = this.byPath.get(key);
      if (refusal && refusal.until > now) return refusal.reply;
      if (refusal) this.byPath.delete(key);
    }
    return undefined;
  }
}
