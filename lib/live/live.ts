import "server-only";
import type { ReadEvent } from "../contract/readEvents";
import { DeliveryWatch } from "./deliveryWatch";
import { LiveHub } from "./hub";
import { latestThrough } from "./latestEvents";
import { Poller } from "./poller";
import type { Receiver } from "./receiver";
import { liveStream } from "./stream";
import type { Clock } from "../upstream/clock";
import { MASKED, redactEvent, type Disclosure } from "../upstream/privacy";
import type { Proxy } from "../upstream/upstreamProxy";

export interface Live {
  receiver: Receiver;
  /** GET /api/live for one page, each event as `disclosure` lets it see it: polls (or watches deliveries) while anyone watches. */
  stream(request: Request, disclosure?: Disclosure): Response;
}

/**
 * One workspace's live view: one hub; push mode when `secret` names the secret the platform signs
 * webhook deliveries with (they reach POST /api/webhooks), watched by a check that falls back to
 * polling when deliveries stop (./deliveryWatch.ts); else poll mode (GET /events through the
 * workspace's proxy and so its key's budget).
 */
export function buildLive({ proxy, secret, clock }: { proxy: Proxy; secret: string | null; clock: Clock }): Live {
  const hub = new LiveHub(clock, undefined, secret ? "push" : "poll");
  const fetchLatest = latestThrough(proxy);
  const poller = new Poller({ hub, clock, fetchLatest });
  const watch = secret ? new DeliveryWatch({ hub, clock, fetchLatest, poller }) : null;
  const watched = watch ?? poller;
  let watchers = 0;
  return {
    receiver: { secret, hub, onDelivery: (at) => watch?.delivered(at) },
    stream(request, disclosure = MASKED) {
      watchers += 1;
      watched.start();
      request.signal.addEventListener(
        "abort",
        () => {
          watchers -= 1;
          if (watchers === 0) watched.stop();
        },
        { once: true },
      );
      // As the events table shows it: no link password, masked IPs, emails as the requester may see them.
      const redact = (event: ReadEvent) => redactEvent(event, { ...disclosure, revealIps: false }) as ReadEvent;
      return liveStream({ hub, clock, redact, signal: request.signal });
    },
  };
}
