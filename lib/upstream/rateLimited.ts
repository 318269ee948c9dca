import { errorBody } from "../contract/errors";
import type { UpstreamReply } from "./client";

function seconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** The spec's 429 with a Retry-After, answered by the dashboard itself. */
function refusal(waitMs: number, message: (seconds: number) => string): UpstreamReply {
  const s = seconds(waitMs);
  return {
    status: 429,
    headers: new Headers({ "retry-after": String(s) }),
    body: JSON.stringify(errorBody("rate_limit_exceeded", message(s))),
  };
}

/**
 * A request the key's pause (a 429's Retry-After, or a spent window) would hold longer than it
 * may wait. `limit` is what the platform's headers taught ("4 requests per second"), when known.
 */
export function pausedReply(waitMs: number, limit: string | undefined): UpstreamReply {
  return refusal(waitMs, (s) =>
    limit === undefined
      ? `The link platform asked this API key to pause; retry in ${s} s.`
      : `The link platform allows this API key ${limit} and asked it to wait; retry in ${s} s.`,
  );
}

/** A request the queue cannot start within its wait: too many ahead of it for the key's limit. */
export function busyReply(waitMs: number, limit: string | undefined, maxWaitMs: number): UpstreamReply {
  const allows = limit === undefined ? "limits this API key's rate" : `allows this API key ${limit}`;
  return refusal(
    waitMs,
    (s) =>
      `The link platform ${allows}, and the requests already waiting need more than ${seconds(maxWaitMs)} s; retry in ${s} s.`,
  );
}

/** A request turned away because the key's queue is full. */
export function queueFullReply(waitMs: number, queued: number): UpstreamReply {
  return refusal(
    waitMs,
    (s) =>
      `The dashboard already holds ${queued} requests for this API key waiting on the link platform's rate limit; retry in ${s} s.`,
  );
}
