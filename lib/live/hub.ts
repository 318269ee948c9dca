import type { EventKind } from "../contract/eventKinds";
import type { ReadEvent } from "../contract/readEvents";
import type { Clock } from "../upstream/clock";

/** One event as the live view shows it: its id (`eventIdOf`, or a delivered lead's or sale's delivery id), its kind, when it happened. */
export interface LiveEvent {
  id: string;
  kind: EventKind;
  /** When it happened (epoch ms), from the event's own timestamp. */
  at: number;
  event: ReadEvent;
}

/** An event's own id, however it arrived: the click's for clicks, the platform's event id for leads and sales. */
export function eventIdOf(event: ReadEvent): string {
  return event.event === "click" ? `click:${event.click.id}` : `${event.event}:${event.eventId}`;
}

export interface HubLimits {
  /** How far back a new subscriber is given events (the live chart spans 30 minutes). */
  keepMs: number;
  /** At most this many kept events: a new subscriber gets the latest ones. */
  maxKept: number;
  /** Delivery ids remembered to drop a redelivery (at-least-once delivery); the oldest are forgotten first. */
  maxSeen: number;
}

export const DEFAULT_LIMITS: HubLimits = { keepMs: 30 * 60_000, maxKept: 2_000, maxSeen: 100_000 };

/**
 * How events reach the dashboard: pushed by the platform's webhooks; polled within the key's budget
 * because no receiver is configured; or polled because, though one is, deliveries stopped arriving
 * (./deliveryWatch.ts) until the next one does.
 */
export type LiveMode = "push" | "poll" | "fallback";

type Listener = (event: LiveEvent) => void;
type NoticeListener = (notice: string | null) => void;
type ModeListener = (mode: LiveMode) => void;

/**
 * Events of one workspace as they arrive (webhook deliveries or polling), fanned out to every open
 * page. A delivery seen before is dropped: the platform delivers at least once and receivers dedupe
 * on `id`. Memory is bounded by the limits above, whatever the traffic.
 */
export class LiveHub {
  private readonly listeners = new Set<Listener>();
  private readonly noticeListeners = new Set<NoticeListener>();
  private readonly modeListeners = new Set<ModeListener>();
  private currentNotice: string | null = null;
  private readonly seen = new Map<string, true>();
  private kept: LiveEvent[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly limits: HubLimits = DEFAULT_LIMITS,
    private currentMode: LiveMode = "push",
  ) {}

  /** False when the id was delivered before (nothing is sent again). */
  publish(event: LiveEvent): boolean {
    if (this.seen.has(event.id)) return false;
    this.seen.set(event.id, true);
    if (this.seen.size > this.limits.maxSeen) this.seen.delete(this.seen.keys().next().value as string);
    this.kept.push(event);
    this.trim();
    for (const listener of this.listeners) listener(event);
    return true;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** Why events may not be arriving (polling refused by the plan, the platform unreachable), or null again once they are. */
  notice(text: string | null): void {
    if (text === this.currentNotice) return;
    this.currentNotice = text;
    for (const listener of this.noticeListeners) listener(text);
  }

  get mode(): LiveMode {
    return this.currentMode;
  }

  switchMode(mode: LiveMode): void {
    if (mode === this.currentMode) return;
    this.currentMode = mode;
    for (const listener of this.modeListeners) listener(mode);
  }

  onMode(listener: ModeListener): () => void {
    this.modeListeners.add(listener);
    return () => this.modeListeners.delete(listener);
  }

  get currentNoticeText(): string | null {
    return this.currentNotice;
  }

  onNotice(listener: NoticeListener): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** The kept events of the last `keepMs`, oldest first. */
  recent(): LiveEvent[] {
    this.trim();
    return [...this.kept];
  }

  private trim(): void {
    const since = this.clock.now() - this.limits.keepMs;
    const first = this.kept.findIndex((e) => e.at >= since);
    this.kept = first === -1 ? [] : this.kept.slice(Math.max(first, this.kept.length - this.limits.maxKept));
  }
}
