import {
  FIRST_TURN,
  moveRequest,
  NO_WAKEUP,
  turnAnswered,
  turnAsked,
  type GateTurn,
  type RequestState,
  type Wakeup,
} from "./budgetStates";
import type { UpstreamReply } from "./client";
import type { Clock } from "./clock";
import { KeyRefusals } from "./keyRefusals";
import { KeyWindow } from "./keyWindow";
import type { KeyBudget, KeyBudgets, ScheduleOptions } from "./keyBudgets";
import { keyFingerprint } from "./keyFingerprint";
import type { LimitClass } from "./limitClass";
import { retryPauseMs } from "./rateHeaders";
import { busyReply, pausedReply, queueFullReply } from "./rateLimited";
import type { GateAnswer, SendGate } from "./sendGate";

export type { ScheduleOptions } from "./keyBudgets";

/**
 * The longest a request waits in the key's queue before its upstream request leaves, unless its
 * caller says otherwise: what a viewer is looking at waits longer (./viewWait.ts), an export's
 * page longer still (lib/export/stream.ts); a prefetch or an unprioritized request keeps this.
 * A pause the platform asks for (429 Retry-After) longer than a request's wait is answered at once.
 */
export const MAX_WAIT_MS = 10_000;

/**
 * The most requests one key holds queued. A dashboard view sends about 20 at once (figures,
 * charts, breakdown cards, the events table, its companion and prefetch): 200 is ten viewers
 * loading together, and 10 s at the highest limit the embedded platform grants (Enterprise, 20 a
 * second). A request that cannot enter is answered at once; a higher-priority one takes the place
 * of the lowest queued, which is answered instead.
 */
export const MAX_QUEUED = 200;

const MAX_429_RETRIES = 3;

interface Job {
  state: RequestState;
  send: () => Promise<UpstreamReply>;
  priority: number;
  seq: number;
  retries: number;
  maxWaitMs: number;
  /** The instant past which it may not still be waiting for its turn. */
  deadline: number;
  path?: string;
  signal?: AbortSignal;
  resolve(reply: UpstreamReply): void;
  reject(error: unknown): void;
  detach(): void;
}

/**
 * Keeps one API key within its rate limit: requests are queued (priority, then FIFO) and
 * released at the pace the platform allows, learned from `X-RateLimit-*` (./keyWindow.ts).
 * When the server says the window is spent (someone else shares the key) the queue waits for its
 * reset; a 429 pauses the queue for `Retry-After` and the request is retried (three times at most).
 *
 * Nothing waits unboundedly: at most `MAX_QUEUED` requests wait, each at most its `maxWaitMs`
 * (`MAX_WAIT_MS` unless the caller says otherwise); one that cannot start in time is answered
 * with the spec's 429 and a Retry-After as soon as that is known, naming the key's limit. A 401
 * or 403 answers the requests queued behind it that it applies to (./keyRefusals.ts).
 *
 * The queue is per process. Dashboard replicas share the key's window through a `gate`
 * (./shared/sharedGate.ts): each request then also takes a turn there before it leaves, because
 * the platform counts per key, not per replica (docs/replicas.md).
 *
 * Its states are written down in ./budgetStates.ts (a request's, the gate's turn, the timer) and
 * drawn in docs/replicas.md; each move goes through the functions there.
 */
export class RateBudget implements KeyBudget {
  private readonly window = new KeyWindow();
  private readonly refusals = new KeyRefusals();
  private pausedUntil = 0;
  private inFlight = 0;
  /** Paths the platform has served this key (a reply other than a refusal), and those with a first request in flight. */
  private readonly served = new Set<string>();
  private readonly probing = new Set<string>();
  /** The platform has refused this key something (a plan without an endpoint, or the key itself). */
  private restricted = false;
  private queue: Job[] = [];
  private seq = 0;
  private wakeup: Wakeup = NO_WAKEUP;
  private turn: GateTurn = FIRST_TURN;

  constructor(
    private readonly clock: Clock,
    private readonly gate?: SendGate,
  ) {}

  schedule(send: () => Promise<UpstreamReply>, options: ScheduleOptions = {}): Promise<UpstreamReply> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = this.clock.now();
    const refused = this.refusals.find(options.path, now);
    if (refused) return Promise.resolve(refused);
    return new Promise<UpstreamReply>((resolve, reject) => {
      const onAbort = () => {
        if (!this.remove(job)) return;
        job.state = moveRequest(job.state, "answered");
        reject(signal?.reason);
      };
      const maxWaitMs = options.urgency?.maxWaitMs ?? options.maxWaitMs ?? MAX_WAIT_MS;
      const job: Job = {
        state: "new",
        send,
        priority: options.urgency?.priority ?? options.priority ?? 0,
        seq: this.seq++,
        retries: 0,
        maxWaitMs,
        deadline: now + maxWaitMs,
        path: options.path,
        signal,
        resolve,
        reject,
        detach: () => signal?.removeEventListener("abort", onAbort),
      };
      const refusal = this.admit(job, now);
      if (refusal) {
        job.state = moveRequest(job.state, "answered");
        return resolve(refusal);
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      options.urgency?.onRaise((priority, maxWait) => this.raise(job, priority, maxWait));
      this.enqueue(job);
      this.pump();
    });
  }

  /** A reply for a request that cannot wait its turn, or undefined when it may queue. */
  private admit(job: Job, now: number): UpstreamReply | undefined {
    if (this.pausedUntil > job.deadline) return this.pausedReply(now);
    if (this.queue.length >= MAX_QUEUED) {
      const lowest = this.queue[this.queue.length - 1];
      if (lowest.priority >= job.priority) return queueFullReply(this.drainMs(now), this.queue.length);
      this.queue.pop();
      this.answer(lowest, queueFullReply(this.drainMs(now), MAX_QUEUED));
    }
    const ahead = this.queue.filter((other) => other.priority >= job.priority).length;
    const startAt = this.earliestStart(this.nextSlot(now), ahead);
    return startAt > job.deadline ? busyReply(startAt - now, this.limitText(), job.maxWaitMs) : undefined;
  }

  /**
   * The earliest a request with `ahead` before it could leave, the next one leaving at `next`.
   * Only the limit the platform stated predicts more than the next slot: a guess could be low.
   */
  private earliestStart(next: number, ahead: number): number {
    return this.window.known ? this.window.earliest(next, ahead) : next;
  }

  /** Roughly how long until the whole queue has left: the Retry-After of a full queue. */
  private drainMs(now: number): number {
    return Math.max(1_000, this.earliestStart(this.nextSlot(now), this.queue.length) - now);
  }

  private pausedReply(now: number): UpstreamReply {
    return pausedReply(this.pausedUntil - now, this.limitText());
  }

  /** The key's limit as the platform stated it, for messages; undefined while only guessed. */
  private limitText(): string | undefined {
    return this.window.known ? this.window.describe() : undefined;
  }

  /** A request that joined `job` may wait `maxWaitMs` from now at `priority`: while still queued, `job` takes the higher of each. */
  private raise(job: Job, priority: number, maxWaitMs: number): void {
    job.priority = Math.max(job.priority, priority);
    job.maxWaitMs = Math.max(job.maxWaitMs, maxWaitMs);
    // In flight: a retry after a 429 queues it at the raised priority.
    if (!this.remove(job)) return;
    job.deadline = Math.max(job.deadline, this.clock.now() + maxWaitMs);
    this.enqueue(job);
    this.pump();
  }

  private enqueue(job: Job): void {
    job.state = moveRequest(job.state, "queued");
    const at = this.queue.findIndex(
      (other) => other.priority < job.priority || (other.priority === job.priority && other.seq > job.seq),
    );
    if (at === -1) this.queue.push(job);
    else this.queue.splice(at, 0, job);
  }

  private remove(job: Job): boolean {
    const at = this.queue.indexOf(job);
    if (at === -1) return false;
    this.queue.splice(at, 1);
    return true;
  }

  private answer(job: Job, reply: UpstreamReply): void {
    job.state = moveRequest(job.state, "answered");
    job.detach();
    job.resolve(reply);
  }

  /** The earliest instant the next request may leave. */
  private nextSlot(now: number): number {
    return Math.max(this.pausedUntil, this.turn.notBefore, this.window.nextSlot(now));
  }

  private pump(): void {
    if (this.wakeup.kind === "set") this.wakeup.cancel();
    this.wakeup = NO_WAKEUP;
    for (;;) {
      const now = this.clock.now();
      const at = this.nextSlot(now);
      this.refuseLate(at, now);
      if (this.queue.length === 0) return;
      if (at > now) {
        this.wakeup = { kind: "set", at, cancel: this.clock.setTimer(() => this.pump(), at - now) };
        return;
      }
      const next = this.queue.findIndex((job) => this.mayLeave(job));
      // What may not leave yet waits for a reply, which pumps again.
      if (next === -1) return;
      if (this.gate) return this.askGate(this.gate, now);
      const [job] = this.queue.splice(next, 1);
      this.dispatch(job, now);
    }
  }

  /**
   * Takes a turn from the gate for the request first in line when the answer comes (the queue may
   * have changed meanwhile). A turn nothing can use any more is left unused: that only slows the key.
   */
  private askGate(gate: SendGate, now: number): void {
    if (this.turn.kind === "asking") return;
    this.turn = turnAsked(this.turn);
    const asked = gate.pass({ now, limit: this.window.limit, spanMs: this.window.spanMs });
    // A gate answers on its own when it cannot reach what it shares; one that throws leaves the key to its own window.
    void asked
      .catch((): GateAnswer => ({ granted: true }))
      .then((answer) => {
        const later = this.clock.now();
        this.turn = turnAnswered(this.turn, answer, later);
        if (answer.granted && this.nextSlot(later) <= later) {
          const next = this.queue.findIndex((job) => this.mayLeave(job));
          if (next !== -1) {
            this.dispatch(this.queue.splice(next, 1)[0], later, answer.settled);
          }
        }
        this.pump();
      });
  }

  /**
   * Once the platform has refused this key something, a path it has not yet served the key gets
   * one request at a time until it answers: a refusal (a plan without that endpoint) then answers
   * the others, instead of a burst spending the key's window on the same refusal.
   */
  private mayLeave(job: Job): boolean {
    return !this.restricted || job.path === undefined || this.served.has(job.path) || !this.probing.has(job.path);
  }

  /**
   * Queued requests that cannot leave before their deadline, the next one leaving at `next`, are
   * answered now rather than when the deadline passes.
   */
  private refuseLate(next: number, now: number): void {
    const kept: Job[] = [];
    for (const job of this.queue) {
      const startAt = this.earliestStart(next, kept.length);
      if (startAt <= job.deadline) kept.push(job);
      else
        this.answer(
          job,
          this.pausedUntil > job.deadline
            ? this.pausedReply(now)
            : busyReply(startAt - now, this.limitText(), job.maxWaitMs),
        );
    }
    this.queue = kept;
  }

  private dispatch(job: Job, now: number, gateSettled?: (at: number) => void): void {
    job.state = moveRequest(job.state, "sent");
    const windowSettled = this.window.spend(now);
    const settled = () => {
      const at = this.clock.now();
      windowSettled(at);
      gateSettled?.(at);
    };
    this.inFlight += 1;
    const { path } = job;
    const probe = path !== undefined && !this.served.has(path);
    if (probe) this.probing.add(path);
    job.send().then(
      (reply) => {
        settled();
        this.inFlight -= 1;
        if (probe) this.probing.delete(path);
        if (path !== undefined && reply.status !== 401 && reply.status !== 403) this.served.add(path);
        this.observe(job, reply);
        const later = this.clock.now();
        if (
          reply.status === 429 &&
          job.retries < MAX_429_RETRIES &&
          !job.signal?.aborted &&
          this.pausedUntil - later <= job.maxWaitMs
        ) {
          job.retries += 1;
          job.deadline = later + job.maxWaitMs;
          this.enqueue(job);
        } else {
          this.answer(job, reply);
        }
        this.pump();
      },
      (error: unknown) => {
        settled();
        this.inFlight -= 1;
        if (probe) this.probing.delete(path);
        job.state = moveRequest(job.state, "answered");
        job.detach();
        job.reject(error);
        this.pump();
      },
    );
  }

  private observe(job: Job, reply: UpstreamReply): void {
    const now = this.clock.now();
    this.window.observe(reply.headers, now, this.inFlight);
    if (reply.status === 429) {
      this.pausedUntil = Math.max(this.pausedUntil, now + retryPauseMs(reply.headers.get("retry-after"), now));
    }
    if (job.path !== undefined && this.refusals.remember(job.path, reply, now)) {
      this.restricted = true;
      // The same refusal awaits the requests queued for what it refuses: they need not spend the window.
      for (const other of [...this.queue]) {
        const standing = this.refusals.find(other.path, now);
        if (standing && this.remove(other)) this.answer(other, standing);
      }
    }
  }
}

/**
 * One budget per platform and key, all on one clock: the platform counts requests per key.
 * `gateFor` gives each key's budget its gate (named by the key's fingerprint, never the key).
 */
export class RateBudgets implements KeyBudgets {
  private readonly budgets = new Map<string, RateBudget>();

  constructor(
    private readonly clock: Clock,
    private readonly gateFor?: (keyId: string) => SendGate,
  ) {}

  forKey(baseUrl: string, apiKey: string, limits: LimitClass = "analytics"): RateBudget {
    const fingerprint = keyFingerprint(baseUrl, apiKey);
    const id = limits === "analytics" ? fingerprint : `${fingerprint}:${limits}`;
    let budget = this.budgets.get(id);
    if (!budget) {
      budget = new RateBudget(this.clock, this.gateFor?.(id));
      this.budgets.set(id, budget);
    }
    return budget;
  }
}
