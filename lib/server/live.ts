import "server-only";
import { buildLive, type Live } from "../live/live";
import { realClock } from "../upstream/clock";
import { dashboardProxy } from "./proxy";

export type { Live };

let live: Live | undefined;

/** The environment's workspace's live view (LINK_WEBHOOK_SECRET set: pushed), built once. */
export function dashboardLive(): Live {
  live ??= buildLive({ proxy: dashboardProxy(), secret: process.env.LINK_WEBHOOK_SECRET?.trim() || null, clock: realClock });
  return live;
}
