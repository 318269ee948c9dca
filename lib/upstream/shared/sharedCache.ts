import { createHash, randomUUID } from "node:crypto";
import type { UpstreamReply } from "../client";
import type { Clock } from "../clock";
import { Coalescer } from "../coalescer";
import { GatewayError } from "../gatewayError";
import { KEPT_STATUSES, type CacheOutcome, type ReplyCache } from "../replyCache";
import { ReplyStore } from "../replyStore";
import type { Urgency } from "../urgency";
import { FinishedLoads } from "./finishedLoads";
import { type Claim, claimLoad, FINISHED_CHANNEL, finishLoad, holdLock, readLoad, shareReply } from "./loadScripts";
import { RedisUnavailable, type RedisLink } from "./redisLink";
import { decodeOutcome, encodeOutcome, type LoadOutcome } from "./replyCodec";

/** A load's lock lives this long unless its leader renews it (every `HOLD_EVERY_MS` while it runs): a leader that dies frees it within this. */
export const LOCK_MS = 10_000;
const HOLD_EVERY_MS = 3_000;
/** A finished load's outcome stays this long for the replicas that wait on it (they read it within milliseconds of the notice). */
const RESULT_MS = 10_000;
/** A waiter reads the load's state again this often in case a notice was lost (a reconnecting subscriber). */
export const POLL_MS = 1_000;
/** The most replies loaded during an outage that a replica remembers to share when Redis is back (the newest). */
const MAX_LOADED_ALONE = 1_000;

export interface SharedCacheParts {
  link: RedisLink;
  clock: Clock;
  /** Replies this replica keeps in memory, as ./cache.ts does (64 MB). */
  maxBytes?: number;
}

interface Fetched {
  reply: UpstreamReply;
  outcome: CacheOutcome;
}

/** The shared cache's key for a proxy's cache key: a digest, so the key's length and content stay out of Redis's key space. */
const digest = (key: string) => createHash("sha256").update(key).digest("hex");

/** Resolves after `ms` on `clock`, or never once cancelled. */
function pause(clock: Clock, ms: number): { elapsed: Promise<void>; cancel(): void } {
  let cancel = () => {};
  const elapsed = new Promise<void>((resolve) => (cancel = clock.setTimer(resolve, ms)));
  return { elapsed, cancel };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/**
 * Where one load of a replica stands with the shared cache (docs/replicas.md draws it). It
 * claims first: a reply kept on Redis ends it (`kept`, a hit); the lock makes this replica the
 * load's leader (`leading`: it loads for every replica, ./sharedCache.ts `lead`); a lock held
 * by another replica's load makes it wait for that load's outcome (`waiting`), which ends it
 * (`kept`, shared; `failed`) or, abandoned, sends it back to claim. A claim that finds neither
 * reply nor lock (it just expired) claims again. Redis failing at any step sends it `alone`.
 */
export type LoadStep =
  | { kind: "claiming" }
  | { kind: "waiting"; owner: string }
  | { kind: "leading" }
  | { kind: "alone" }
  | { kind: "kept"; reply: UpstreamReply; keptMs: number; via: "hit" | "shared" }
  | Extract<LoadOutcome, { kind: "failed" }>;

const CLAIMING: LoadStep = { kind: "claiming" };
const ALONE: LoadStep = { kind: "alone" };

/** A stored outcome's step: a reply kept for `keptMs` (a hit: its remaining lifetime), a failure, or claim again (abandoned, unreadable). */
export function afterOutcome(outcome: LoadOutcome, via: "hit" | "shared", keptMs?: number): LoadStep {
  if (outcome.kind === "reply") return { kind: "kept", reply: outcome.reply, keptMs: keptMs ?? outcome.keptMs, via };
  if (outcome.kind === "failed") return outcome;
  return CLAIMING;
}

/** A claim's step. */
export function afterClaim(claim: Claim): LoadStep {
  switch (claim.kind) {
    case "hit":
      return afterOutcome(decodeOutcome(claim.stored), "hit", claim.remainingMs);
    case "lead":
      return { kind: "leading" };
    case "wait":
      return { kind: "waiting", owner: claim.owner };
    case "again":
      return CLAIMING;
  }
}

/**
 * The response cache of replicas that share Redis. A reply is kept on Redis for the TTL and in
 * this replica's memory until the same instant; identical requests in flight share one upstream
 * call across every replica: the first to claim a short lock leads the load, stores its outcome
 * and tells the others (pub/sub, with a slow poll in case a notice is lost), who wait for it.
 * Within a replica, identical requests share one such fetch as in ./cache.ts, cancelled when
 * every caller has left. While Redis is unreachable each replica loads and keeps on its own, and
 * puts on Redis what it so loaded once it is back, for the others.
 * Nothing here fails a request because of Redis: a failed or slow command means going alone.
 */
export class SharedReplyCache implements ReplyCache {
  private readonly recent: ReplyStore;
  private readonly inFlight = new Coalescer<Fetched>();
  private readonly finished = new FinishedLoads();
  /** Replies this replica loaded while Redis was away, by their Redis id: given to the others once it is back. */
  private readonly loadedAlone = new Map<string, { reply: UpstreamReply; expiresAt: number }>();

  constructor(private readonly parts: SharedCacheParts) {
    this.recent = new ReplyStore(parts.maxBytes ?? 64 * 1024 * 1024);
    parts.link.listen(FINISHED_CHANNEL, (loadId) => this.finished.finished(loadId));
    parts.link.onOutage(() => this.finished.outage());
    parts.link.onConnected(() => this.shareLoadedAlone());
  }

  async get(
    key: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<UpstreamReply>,
    signal?: AbortSignal,
    urgency?: Urgency,
    notKept?: () => void,
  ): Promise<Fetched> {
    const kept = this.recent.find(key, this.parts.clock.now());
    if (kept) return { reply: kept, outcome: "hit" };
    signal?.throwIfAborted();
    notKept?.();
    // Joining raises a load of this replica's; one another replica leads is queued there.
    const { value, joined } = this.inFlight.run(key, (abort) => this.fetch(key, ttlMs, load, abort), signal, urgency);
    const fetched = await value;
    return joined ? { reply: fetched.reply, outcome: "shared" } : fetched;
  }

  private keep(key: string, reply: UpstreamReply, keptMs: number): void {
    if (keptMs <= 0) return;
    const now = this.parts.clock.now();
    this.recent.put(key, reply, now + keptMs, now);
  }

  /** One load of `key` for this replica's callers, step by step through `LoadStep` (see the type). */
  private async fetch(
    key: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<UpstreamReply>,
    abort: AbortSignal,
  ): Promise<Fetched> {
    const id = digest(key);
    const loadId = randomUUID();
    let step: LoadStep = CLAIMING;
    for (;;) {
      switch (step.kind) {
        case "claiming":
        case "waiting":
          step = await this.onRedis(step, id, loadId, abort);
          break;
        case "kept":
          this.keep(key, step.reply, step.keptMs);
          return { reply: step.reply, outcome: step.via };
        case "failed":
          throw new GatewayError(step.status, step.message);
        case "leading":
          return this.lead(key, id, loadId, ttlMs, load, abort);
        case "alone":
          return this.loadAlone(key, id, ttlMs, load, abort);
      }
    }
  }

  /** The step after a claim or a wait, both on Redis: alone when Redis fails or an outage begins meanwhile. */
  private async onRedis(
    step: Extract<LoadStep, { kind: "claiming" | "waiting" }>,
    id: string,
    loadId: string,
    abort: AbortSignal,
  ): Promise<LoadStep> {
    try {
      if (step.kind === "claiming")
        return afterClaim(await this.parts.link.run((client) => claimLoad(client, id, loadId, LOCK_MS)));
      return afterOutcome(await this.waitFor(id, step.owner, abort), "shared");
    } catch (error) {
      if (!(error instanceof RedisUnavailable)) throw error;
      return ALONE;
    }
  }

  private async loadAlone(
    key: string,
    id: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<UpstreamReply>,
    abort: AbortSignal,
  ): Promise<Fetched> {
    const reply = await load(abort);
    const keptMs = KEPT_STATUSES.has(reply.status) ? ttlMs : 0;
    this.keep(key, reply, keptMs);
    if (keptMs > 0) {
      this.loadedAlone.delete(id);
      if (this.loadedAlone.size >= MAX_LOADED_ALONE)
        this.loadedAlone.delete(this.loadedAlone.keys().next().value ?? "");
      this.loadedAlone.set(id, { reply, expiresAt: this.parts.clock.now() + keptMs });
      // Redis may be back already (the load waited its turn through the outage's end).
      if (this.parts.link.outageSince === undefined) this.shareLoadedAlone();
    }
    return { reply, outcome: "miss" };
  }

  /**
   * What this replica loaded without Redis goes to Redis for the time it has left, so another
   * replica asking for it after the outage finds it instead of spending the key's window again.
   * A reply kept there meanwhile (a newer load) stays. Never fails: an outage keeps them for the next time.
   */
  private shareLoadedAlone(): void {
    const now = this.parts.clock.now();
    const entries = [...this.loadedAlone].filter(([, entry]) => entry.expiresAt > now);
    this.loadedAlone.clear();
    for (const [id, entry] of entries) {
      const keptMs = entry.expiresAt - now;
      const stored = encodeOutcome({ kind: "reply", reply: entry.reply, keptMs });
      this.parts.link
        .run((client) => shareReply(client, id, stored, keptMs))
        .catch(() => {
          if (!this.loadedAlone.has(id)) this.loadedAlone.set(id, entry);
        });
    }
  }

  /** Loads for every replica: the lock held while the load runs, its outcome stored and announced when it ends. */
  private async lead(
    key: string,
    id: string,
    loadId: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<UpstreamReply>,
    abort: AbortSignal,
  ): Promise<Fetched> {
    const { link, clock } = this.parts;
    let running = true;
    let cancelHold = () => {};
    const hold = () => {
      if (!running) return;
      cancelHold = clock.setTimer(() => {
        link.run((client) => holdLock(client, id, loadId, LOCK_MS)).then(hold, () => {});
      }, HOLD_EVERY_MS);
    };
    hold();
    const announce = async (outcome: LoadOutcome, keptMs: number) => {
      running = false;
      cancelHold();
      await link
        .run((client) => finishLoad(client, id, loadId, encodeOutcome(outcome), keptMs, RESULT_MS))
        .catch(() => {});
    };
    let reply: UpstreamReply;
    try {
      reply = await load(abort);
    } catch (error) {
      await announce(
        error instanceof GatewayError
          ? { kind: "failed", status: error.status, message: error.message }
          : { kind: "abandoned" },
        0,
      );
      throw error;
    }
    const keptMs = KEPT_STATUSES.has(reply.status) && ttlMs > 0 ? ttlMs : 0;
    this.keep(key, reply, keptMs);
    await announce({ kind: "reply", reply, keptMs }, keptMs);
    return { reply, outcome: "miss" };
  }

  /** The outcome of the load `owner` leads; abandoned when its lock is gone without one. Throws `RedisUnavailable` in an outage. */
  private async waitFor(id: string, owner: string, abort: AbortSignal): Promise<LoadOutcome> {
    const { link, clock } = this.parts;
    const left = aborted(abort);
    left.catch(() => {});
    for (;;) {
      // Listening before reading: a notice between the two is not lost.
      const word = this.finished.next(owner);
      const poll = pause(clock, POLL_MS);
      try {
        const state = await link.run((client) => readLoad(client, id, owner));
        if (state.kind === "done") return decodeOutcome(state.stored);
        if (state.kind === "gone") return { kind: "abandoned" };
        await Promise.race([word.woken, poll.elapsed, left]);
      } finally {
        word.cancel();
        poll.cancel();
      }
      if (link.outageSince !== undefined) throw new RedisUnavailable("outage");
    }
  }
}
