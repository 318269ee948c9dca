import { EVENT_KINDS, type EventKind } from "../contract/eventKinds";
import type { ReadEvent } from "../contract/readEvents";
import type { Clock } from "../upstream/clock";
import { eventIdOf, type LiveHub } from "./hub";

/** The latest events of a kind, newest first; throws with a message people can read when refused. */
export type FetchLatest = (kind: EventKind, signal: AbortSignal) => Promise<ReadEvent[]>;

export interface PollerOptions {
  hub: LiveHub;
  clock: Clock;
  fetchLatest: FetchLatest;
  /** One round (a request per kind) this often: 3 requests per 10 s is 0.3/s, well inside the smallest plan's 2/s. */
  intervalMs?: number;
}

export const POLL_INTERVAL_MS = 10_000;

/**
 * The fallback when no webhook reaches the dashboard: while someone watches, the latest events of
 * each kind are read every `intervalMs` (at the lowest priority of the key's budget) and the ones
 * not seen yet published to the hub. One poller per workspace, whatever the number of pages.
 */
export class Poller {
  private cancelTimer: (() => void) | null = null;
  private abort: AbortController | null = null;
  private readonly intervalMs: number;

  constructor(private readonly options: PollerOptions) {
    this.intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  }

  get running(): boolean {
    return this.abort !== null;
  }

  /** Starts polling (at once) unless it runs. */
  start(): void {
    if (this.abort) return;
    this.abort = new AbortController();
    void this.round();
  }

  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.abort?.abort();
    this.abort = null;
  }

  private async round(): Promise<void> {
    const abort = this.abort;
    if (!abort) return;
    const { hub, fetchLatest, clock } = this.options;
    const problems: string[] = [];
    for (const kind of EVENT_KINDS) {
      try {
        const events = await fetchLatest(kind, abort.signal);
        // Oldest first, so the page receives them in the order they happened.
        for (const event of [...events].reverse())
          hub.publish({ id: eventIdOf(event), kind, at: Date.parse(event.timestamp), event });
      } catch (error) {
        if (abort.signal.aborted) return;
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
    hub.notice(problems.length > 0 ? [...new Set(problems)].join(" ") : null);
    if (this.abort === abort) this.cancelTimer = clock.setTimer(() => void this.round(), this.intervalMs);
  }
}
