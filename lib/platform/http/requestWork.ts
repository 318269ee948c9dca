import { ApiError } from "../../contract/errors";
import type { Timers } from "../timers";

/**
 * Each request's statements run under one AbortSignal, aborted when the client disconnects
 * (Node closes the socket: the proxy's timeout, or a browser that left) or when the request's
 * deadline passes. The pool interrupts a running statement on abort (../store/interruptible.ts).
 */

/**
 * The request's deadline. The dashboard's proxy gives up after LINK_API_TIMEOUT_MS (15 s by
 * default, lib/upstream/config.ts) and then answers its own 504 without the platform's reason;
 * stopping at 12 s leaves 3 s for the interrupt (milliseconds), writing the error and the network,
 * so the client hears why. A query 12 s long is hundreds of times a normal one (tens of ms on 1M
 * clicks): only a pathological request, or a file far larger than the platform aims at, meets it.
 */
export const QUERY_DEADLINE_MS = 12_000;

/** The request's client is gone: nobody reads the answer, so nothing is logged or answered. */
export class ClientGone extends Error {
  constructor() {
    super("The client closed the connection before the answer.");
    this.name = "ClientGone";
  }
}

/**
 * A 422: the spec has no timeout code, and the same request would fail the same way, so it is an
 * answer about the request (narrow it), not a 500 ("unexpected", which the hosted SDK retries) nor
 * a 429 (whose Retry-After would pause every request of the key at the proxy).
 */
export class DeadlineExceeded extends ApiError {
  constructor(readonly deadlineMs: number) {
    super(
      "unprocessable_entity",
      `The query did not finish within ${deadlineMs / 1000} s and was stopped. Narrow the date range, use fewer or more selective filters, or a coarser groupBy or granularity, then try again.`,
    );
  }
}

export interface RequestWork {
  readonly signal: AbortSignal;
  /** Cancels the deadline and forgets the client: call once the answer is made. */
  end(): void;
}

export function startRequestWork(client: AbortSignal, timers: Timers, deadlineMs = QUERY_DEADLINE_MS): RequestWork {
  const controller = new AbortController();
  const clientGone = () => controller.abort(new ClientGone());
  if (client.aborted) clientGone();
  else client.addEventListener("abort", clientGone, { once: true });
  const cancelDeadline = timers.after(deadlineMs, () => controller.abort(new DeadlineExceeded(deadlineMs)));
  return {
    signal: controller.signal,
    end() {
      cancelDeadline();
      client.removeEventListener("abort", clientGone);
    },
  };
}
