import { SIGNATURE_HEADER } from "../../contract/webhooks";
import { signDelivery } from "../../http/webhookSignature";
import type { Timers } from "../timers";
import { postDelivery } from "./postDelivery";
import type { Attempt, DeliveryQueue, DueDelivery } from "./queue";

export interface DispatcherOptions {
  queue: DeliveryQueue;
  now: () => Date;
  timers: Timers;
  /** How deliveries are sent; tests may pass their own (Node's HTTP client otherwise: postDelivery.ts). */
  send?: (url: string, init: RequestInit) => Promise<Response>;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How long a receiver has to answer. */
  timeoutMs?: number;
  /**
   * The writer's group commit: between two pages of deliveries, the sender waits until it is idle,
   * WRITES_FIRST_MS at most, and while it is busy takes small pages (`concurrency`, not DUE_PAGE).
   */
  writes?: { busy(): boolean; idle(): Promise<void> };
}

/** A receiver has 10 s to answer, as on the hosted platform. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The most due deliveries one look at the queue takes: sent `concurrency` at a time, their
 * outcomes written in one transaction. Under load (a backlog of thousands), each look and each
 * write of outcomes is a statement in the writer's turn or beside it: a page of many costs the
 * writer as much as a page of a few. A kill before the page's outcomes are written sends its
 * delivered ones again (at least once, as documented).
 */
export const DUE_PAGE = 256;

/**
 * Under load the writes go first: between two pages the sender waits until no write waits, or
 * this long at most, so a backlog drains at a page a second at least while tracking and visits
 * keep the writer busy, and at full speed once they stop.
 */
export const WRITES_FIRST_MS = 1000;

/**
 * Sends the queue's deliveries: woken when events commit (so a delivery leaves within
 * milliseconds of its event) and by a timer at the next retry; at most `concurrency` in flight.
 * Each attempt POSTs the stored body as is, signed (HMAC-SHA256 hex of the raw body under the
 * receiver's secret, in Dub-Signature), and its outcome is written before the delivery is
 * looked at again.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Set<string>();
  /** POSTs a delivery; answers the receiver's status. */
  private readonly post: (url: string, headers: Record<string, string>, body: string) => Promise<number>;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private cancelTimer: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: DispatcherOptions) {
    this.concurrency = options.concurrency ?? 32;
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const send = options.send;
    this.post = send
      ? async (url, headers, body) => {
          const res = await send(url, {
            method: "POST",
            headers,
            body,
            signal: AbortSignal.timeout(this.timeoutMs),
            redirect: "manual",
          });
          await res.body?.cancel();
          return res.status;
        }
      : (url, headers, body) => postDelivery(url, headers, body, this.timeoutMs);
  }

  /** Looks for due deliveries now (again once the current pass ends, if one is under way). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Resolves once no pass is under way: for tests and for a clean stop. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
  }

  private async pass(): Promise<void> {
    try {
      for (let page = 0; ; page++) {
        // Stopped: the rest stays queued for the next start.
        if (this.stopped) return;
        if (page > 0) await this.writesFirst();
        // Under load, a page's sends and outcomes in small steps, so the writes keep their turns.
        const size = this.options.writes?.busy() ? this.concurrency : DUE_PAGE;
        const due = await this.options.queue.due(size, this.inFlight);
        if (due.length === 0) break;
        await this.deliver(due);
      }
      this.schedule(await this.options.queue.nextDue());
    } catch (err) {
      if (this.stopped) return;
      console.error("[platform] webhook dispatch failed:", err instanceof Error ? err.message : err);
      this.schedule(new Date(this.options.now().getTime() + 1000));
    }
  }

  /** Until the writes no longer wait, WRITES_FIRST_MS at most (at once without `writes`). */
  private writesFirst(): Promise<void> {
    const writes = this.options.writes;
    if (!writes?.busy()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const cancel = this.options.timers.after(WRITES_FIRST_MS, resolve);
      void writes.idle().then(() => {
        cancel();
        resolve();
      });
    });
  }

  private schedule(next: Date | null): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (next === null || this.stopped) return;
    this.cancelTimer = this.options.timers.after(Math.max(0, next.getTime() - this.options.now().getTime()), () =>
      this.wake(),
    );
  }

  /** Sends deliveries side by side, `concurrency` at most at once, then writes their outcomes in one transaction. */
  private async deliver(due: readonly DueDelivery[]): Promise<void> {
    for (const delivery of due) this.inFlight.add(delivery.id);
    try {
      const outcomes: { delivery: DueDelivery; attempt: Attempt }[] = [];
      let next = 0;
      const sender = async () => {
        while (next < due.length) {
          const delivery = due[next++];
          outcomes.push({ delivery, attempt: await this.attempt(delivery) });
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, due.length) }, sender));
      await this.options.queue.settle(outcomes);
    } finally {
      for (const delivery of due) this.inFlight.delete(delivery.id);
    }
  }

  private async attempt(delivery: DueDelivery): Promise<Attempt> {
    const started = performance.now();
    try {
      const status = await this.post(
        delivery.url,
        {
          "Content-Type": "application/json",
          [SIGNATURE_HEADER]: signDelivery(delivery.body, delivery.secret),
          "User-Agent": "linklens-platform-webhooks",
        },
        delivery.body,
      );
      const ok = status >= 200 && status < 300;
      return { status, latencyMs: performance.now() - started, error: ok ? null : `HTTP ${status}` };
    } catch (err) {
      return {
        status: null,
        latencyMs: performance.now() - started,
        error: err instanceof Error ? err.message : String(err),
      };
    }
  }
}
