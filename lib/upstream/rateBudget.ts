import { createHash } from "node:crypto";
import type { UpstreamReply } from "./client";
import { readRateHeaders } from "./rateHeaders";
import { rateLimitedReply } from "./rateLimited";
import { RETRY_AFTER_CAP_MS, parseRetryAfter } from "./retryAfter";

export interface BudgetClock {
  now(): number;
  setTimer(run: () => void, ms: number): () => void;
}

export const realClock: BudgetClock = {
  now: () => Date.now(),
  setTimer(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export interface ScheduleOptions {
  /** Higher runs first; equal priorities run in arrival order. */
  priority?: number;
  signal?: AbortSignal;
}

interface Job {
  send: () => Promise<UpstreamReply>;
  priority: number;
  seq: number;
  retries: number;
  signal?: AbortSignal;
  resolve(reply: UpstreamReply): void;
  reject(error: unknown): void;
  detach(): void;
}

export const GUESSED_LIMIT = 2;
export const MAX_429_RETRIES = 3;
/**
 * The spec's analytics limits (GET /events, GET /analytics) are per second. The margin absorbs
 * latency jitter: a window the server opened on a late arrival must not see our next second's requests.
 */
const WINDOW_MS = 1_100;

/**
 * Keeps one API key within its rate limit: requests are queued (priority, then FIFO) and
 * released at the pace the platform allows, learned from `X-RateLimit-*` (2/s until known).
 * When the server says the window is spent (someone else shares the key) the queue waits for
 * its reset; a 429 pauses the queue for `Retry-After`. A pause of up to `RETRY_AFTER_CAP_MS` is
 * waited out and the request retried; a longer one hands the 429 back, and requests queued
 * or arriving while more than that is left are answered at once with a 429 naming the wait.
 *
 * In-memory and per process: several dashboard replicas must share this state (e.g. Redis),
 * because the platform counts per key, not per replica (../shared/DESIGN.md, scale path).
 */
export class RateBudget {
  private limit = GUESSED_LIMIT;
  private learned = false;
  private sent: number[] = [];
  private serverRemaining: number | undefined;
  private serverResetAt = 0;
  private pausedUntil = 0;
  private inFlight = 0;
  private queue: Job[] = [];
  private seq = 0;
  private cancelTimer: (() => void) | undefined;

  constructor(private readonly clock: BudgetClock = realClock) {}

  get state() {
    return { limit: this.limit, learned: this.learned, queued: this.queue.length, inFlight: this.inFlight };
  }

  schedule(send: () => Promise<UpstreamReply>, options: ScheduleOptions = {}): Promise<UpstreamReply> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<UpstreamReply>((resolve, reject) => {
      const onAbort = () => {
        if (this.remove(job)) reject(signal?.reason);
      };
      const job: Job = {
        send,
        priority: options.priority ?? 0,
        seq: this.seq++,
        retries: 0,
        signal,
        resolve,
        reject,
        detach: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.enqueue(job);
      this.pump();
    });
  }

  private enqueue(job: Job): void {
    const at = this.queue.findIndex((other) => other.priority < job.priority || (other.priority === job.priority && other.seq > job.seq));
    if (at === -1) this.queue.push(job);
    else this.queue.splice(at, 0, job);
  }

  private remove(job: Job): boolean {
    const at = this.queue.indexOf(job);
    if (at === -1) return false;
    this.queue.splice(at, 1);
    return true;
  }

  /** The earliest instant the next request may leave. */
  private nextSlot(now: number): number {
    this.sent = this.sent.filter((t) => t > now - WINDOW_MS);
    let at = Math.max(now, this.pausedUntil);
    if (this.sent.length >= this.limit) at = Math.max(at, this.sent[this.sent.length - this.limit] + WINDOW_MS);
    if (this.serverRemaining !== undefined && this.serverRemaining <= 0 && now < this.serverResetAt) at = Math.max(at, this.serverResetAt);
    return at;
  }

  private pump(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    while (this.queue.length > 0) {
      const now = this.clock.now();
      if (this.longPause(now)) return this.refuseQueued(now);
      const at = this.nextSlot(now);
      if (at > now) {
        this.cancelTimer = this.clock.setTimer(() => this.pump(), at - now);
        return;
      }
      const job = this.queue.shift();
      if (job) this.dispatch(job, now);
    }
  }

  private longPause(now: number): boolean {
    return this.pausedUntil - now > RETRY_AFTER_CAP_MS;
  }

  /** Holding these for minutes helps no one: the browser shows the wait and asks again. */
  private refuseQueued(now: number): void {
    const reply = rateLimitedReply(this.pausedUntil - now);
    for (const job of this.queue.splice(0)) {
      job.detach();
      job.resolve(reply);
    }
  }

  private dispatch(job: Job, now: number): void {
    this.sent.push(now);
    if (this.serverRemaining !== undefined) this.serverRemaining -= 1;
    this.inFlight += 1;
    job.send().then(
      (reply) => {
        this.inFlight -= 1;
        this.observe(reply);
        if (reply.status === 429 && job.retries < MAX_429_RETRIES && !job.signal?.aborted && !this.longPause(this.clock.now())) {
          job.retries += 1;
          this.enqueue(job);
        } else {
          job.detach();
          job.resolve(reply);
        }
        this.pump();
      },
      (error: unknown) => {
        this.inFlight -= 1;
        job.detach();
        job.reject(error);
        this.pump();
      },
    );
  }

  private observe(reply: UpstreamReply): void {
    const now = this.clock.now();
    const rate = readRateHeaders(reply.headers, now);
    if (rate.limit !== undefined) {
      this.limit = rate.limit;
      this.learned = true;
    }
    if (rate.remaining !== undefined && rate.resetAt !== undefined) {
      this.serverRemaining = rate.remaining - this.inFlight;
      // The reset is rounded up to whole seconds; a per-second window began before this reply, so it ends within a window from now.
      this.serverResetAt = Math.min(rate.resetAt, now + WINDOW_MS);
    }
    if (reply.status === 429) {
      this.pausedUntil = Math.max(this.pausedUntil, now + parseRetryAfter(reply.headers.get("retry-after"), now));
    }
  }
}

const budgets = new Map<string, RateBudget>();

export function keyFingerprint(baseUrl: string, apiKey: string): string {
  return createHash("sha256").update(`${baseUrl}\n${apiKey}`).digest("hex").slice(0, 32);
}

/** One budget per platform and key: the platform counts requests per key. */
export function budgetFor(baseUrl: string, apiKey: string): RateBudget {
  const id = keyFingerprint(baseUrl, apiKey);
  let budget = budgets.get(id);
  if (!budget) {
    budget = new RateBudget();
    budgets.set(id, budget);
  }
  return budget;
}
