import { errorBody } from "../contract/errors";
import type { UpstreamReply } from "./client";

/** The spec's 429 for a request the key's pause would hold too long, with the wait that is left. */
export function rateLimitedReply(waitMs: number): UpstreamReply {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message = `The link platform asked this API key to pause; retry in ${seconds} s.`;
  return { status: 429, headers: new Headers({ "retry-after": String(seconds) }), body: JSON.stringify(errorBody("rate_limit_exceeded", message)) };
}
