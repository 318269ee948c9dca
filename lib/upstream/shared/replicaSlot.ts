import type { Clock } from "../clock";
import type { ReplicaShare } from "./fallbackSchedule";
import type { RedisLink } from "./redisLink";

/** A replica holds its place this long without renewing it; a replica that stops frees its place within it. */
export const LEASE_MS = 15_000;
export const RENEW_MS = 5_000;

/**
 * This replica's place among the `count` replicas (LINKLENS_REPLICAS), leased on Redis while it is
 * reachable: the place decides its turns during an outage (./fallbackSchedule.ts), so two replicas
 * never hold the same one. Before the first lease (Redis unreachable since start) the place is
 * drawn at random.
 */
export class ReplicaSlot {
  private place: number;
  private cancelRenewal: (() => void) | undefined;
  private warnedFull = false;

  constructor(
    private readonly link: RedisLink,
    private readonly clock: Clock,
    private readonly count: number,
    private readonly replicaId: string,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {
    this.place = Math.floor(Math.random() * count);
    link.onConnected(() => void this.claim());
  }

  get share(): ReplicaShare {
    return { index: this.place, count: this.count };
  }

  private async claim(): Promise<void> {
    this.cancelRenewal?.();
    this.cancelRenewal = undefined;
    const keys = Array.from({ length: this.count }, (_, i) => `linklens:replica:${i}`);
    let place: unknown;
    try {
      place = await this.link.run((client) => client.claimPlace(keys, this.replicaId, LEASE_MS));
    } catch {
      // The outage is the link's to report; the next connection claims again.
      return;
    }
    if (typeof place === "number" && place >= 0) this.place = place;
    else if (!this.warnedFull) {
      this.warnedFull = true;
      this.warn(
        `[linklens] more dashboard replicas share this Redis than LINKLENS_REPLICAS (${this.count}) says: set it to their number, or an outage may let them exceed a key's limit.`,
      );
    }
    this.cancelRenewal = this.clock.setTimer(() => void this.claim(), RENEW_MS);
  }
}
