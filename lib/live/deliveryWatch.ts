import { EVENT_KINDS } from "../contract/eventKinds";
import type { Clock } from "../upstream/clock";
import type { LiveHub } from "./hub";
import type { FetchLatest, Poller } from "./poller";

/** A check costs a request per kind at the lowest priority: 3 a minute, next to Pro's 120. */
export const CHECK_EVERY_MS = 60_000;
/** A delivery trails its event by well under a second; one this late is not coming. */
export const DELIVERY_GRACE_MS = 30_000;

export interface DeliveryWatchOptions {
  hub: LiveHub;
  clock: Clock;
  fetchLatest: FetchLatest;
  /** Polls while deliveries are missing. */
  poller: Poller;
  checkEveryMs?: number;
  graceMs?: number;
}

/**
 * Push mode's proof that webhooks do reach the dashboard. While someone watches, the newest events
 * are read every `checkEveryMs`: one the platform recorded after the last delivery arrived (or
 * after watching began), and longer than `graceMs` ago, means deliveries stopped (the platform
 * disabled the receiver after failed deliveries, a secret that does not match, a platform that
 * cannot reach the dashboard). The live view then polls, in the hub's "fallback" mode, until the
 * next delivery arrives. A check the platform refuses (a plan without GET /events) proves nothing
 * and changes nothing.
 */
export class DeliveryWatch {
  private heardAt = Number.NEGATIVE_INFINITY;
  private watching = false;
  private abort: AbortController | null = null;
  private cancelTimer: (() => void) | null = null;
  private readonly checkEveryMs: number;
  private readonly graceMs: number;

  constructor(private readonly options: DeliveryWatchOptions) {
    this.checkEveryMs = options.checkEveryMs ?? CHECK_EVERY_MS;
    this.graceMs = options.graceMs ?? DELIVERY_GRACE_MS;
  }

  /** Someone opened the live view. */
  start(): void {
    if (this.watching) return;
    this.watching = true;
    this.heardAt = Math.max(this.heardAt, this.options.clock.now());
    if (this.options.hub.mode === "fallback") this.options.poller.start();
    this.schedule();
  }

  /** Nobody watches any more. */
  stop(): void {
    this.watching = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.abort?.abort();
    this.abort = null;
    this.options.poller.stop();
  }

  /**
   * A signed delivery of an event that happened at `at` arrived: webhooks work, whatever the mode
   * was. Events up to then count as delivered (the later of our clock and the platform's stamp, so
   * a platform clock ahead of ours is not taken for missing deliveries).
   */
  delivered(at: number): void {
    const { hub, poller, clock } = this.options;
    this.heardAt = Math.max(this.heardAt, clock.now(), at);
    if (hub.mode !== "fallback") return;
    poller.stop();
    hub.notice(null);
    hub.switchMode("push");
  }

  private schedule(): void {
    this.cancelTimer = this.options.clock.setTimer(() => void this.check(), this.checkEveryMs);
  }

  private async check(): Promise<void> {
    const { hub, clock, fetchLatest, poller } = this.options;
    if (hub.mode === "fallback") return this.schedule();
    const abort = new AbortController();
    this.abort = abort;
    const happened: number[] = [];
    for (const kind of EVENT_KINDS) {
      try {
        for (const event of await fetchLatest(kind, abort.signal)) happened.push(Date.parse(event.timestamp));
      } catch {
        if (abort.signal.aborted) return;
      }
    }
    if (this.abort !== abort) return;
    this.abort = null;
    const overdue = clock.now() - this.graceMs;
    const undelivered = happened.some((at) => at > this.heardAt && at <= overdue);
    if (undelivered && hub.mode === "push") {
      hub.switchMode("fallback");
      poller.start();
    }
    this.schedule();
  }
}
