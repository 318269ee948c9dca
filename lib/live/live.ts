import "server-only";
import type { ReadEvent } from "../contract/readEvents";
import { LiveHub } from "./hub";
import { latestThrough } from "./latestEvents";
import { Poller } from "./poller";
import type { Receiver } from "./receiver";
import { liveStream, type LiveMode } from "./stream";
import type { Clock } from "../upstream/clock";
import { MASKED, redactEvent, type Disclosure } from "../upstream/privacy";
import type { Proxy } from "../upstream/proxy";

export interface Live {
  receiver: Receiver;
  mode: LiveMode;
  /** GET /api/live for one page, each event as `disclosure` lets it see it: starts the poller (in poll mode) while anyone watches. */
  stream(request: Request, disclosure?: Disclosure): Response;
}

/**
 * One workspace's live view: one hub; push mode when `secret` names the secret the platform signs
 * webhook deliveries with (they reach POST /api/webhooks), else poll mode (GET /events through
 * the workspace's proxy and so its key's budget).
 */
export function buildLive({ proxy, secret, clock }: { proxy: Proxy; secret: string | null; clock: Clock }): Live {
  const hub = new LiveHub(clock);
  const mode: LiveMode = secret ? "push" : "poll";
  const poller = mode === "poll" ? new Poller({ hub, clock, fetchLatest: latestThrough(proxy) }) : null;
  let watchers = 0;
  return {
    receiver: { secret, hub },
    mode,
    stream(request, disclosure = MASKED) {
      watchers += 1;
      poller?.start();
      request.signal.addEventListener(
        "abort",
        () => {
          watchers -= 1;
          if (watchers === 0) poller?.stop();
        },
        { once: true },
      );
      // As the events table shows it: no link password, masked IPs, emails as the requester may see them.
      const redact = (event: ReadEvent) => redactEvent(event, { ...disclosure, revealIps: false }) as ReadEvent;
      return liveStream({ hub, mode, clock, redact, signal: request.signal });
    },
  };
}
