import type { Clock } from "../clock";
import type { GateAnswer, GateAsk, SendGate } from "../sendGate";
import { FallbackSchedule } from "./fallbackSchedule";
import { COMMAND_TIMEOUT_MS, MAX_CHECK_MS, RedisUnavailable, type RedisLink } from "./redisLink";
import type { ReplicaSlot } from "./replicaSlot";
import { HOST_CLOCK_SKEW_MS, takeSharedTurn, turnSettled } from "./sharedWindow";

const GRANTED: GateAnswer = { granted: true };

/**
 * After an outage, how long a replica keeps to its own turns as well as the shared window: every
 * other replica has found Redis again by then (health checks are at most `MAX_CHECK_MS` apart),
 * and the requests they sent on their own turns, which the shared window never saw, are a span old.
 */
export function graceMs(spanMs: number): number {
  return MAX_CHECK_MS + COMMAND_TIMEOUT_MS + spanMs;
}

export interface SharedGateParts {
  link: RedisLink;
  slot: ReplicaSlot;
  clock: Clock;
  /** Names this replica's entries in the shared window. */
  replicaId: string;
}

/**
 * One key's turns for this replica: taken from the window all replicas share on Redis
 * (./sharedWindow.ts). While Redis is unreachable, from this replica's 1/N of the key's limit
 * (./fallbackSchedule.ts), starting a span after the outage began so that the requests the shared
 * window let through just before it have left the platform's window; for a grace period after it,
 * from both (./sharedGate.ts `graceMs`). Never fails: Redis failing mid-question means going alone.
 */
export class SharedGate implements SendGate {
  private readonly alone = new FallbackSchedule();
  private turns = 0;

  constructor(
    private readonly keyId: string,
    private readonly parts: SharedGateParts,
  ) {}

  async pass(keyAsk: GateAsk): Promise<GateAnswer> {
    const ask = { ...keyAsk, spanMs: keyAsk.spanMs + HOST_CLOCK_SKEW_MS };
    const { link } = this.parts;
    if (link.outageSince === undefined) {
      const inGrace = ask.now < (link.recoveredAt ?? Number.NEGATIVE_INFINITY) + graceMs(ask.spanMs);
      const turn = inGrace ? this.alone.next(ask.now, ask.limit, ask.spanMs, this.parts.slot.share) : ask.now;
      if (turn > ask.now) return { granted: false, retryAt: turn };
      try {
        const member = `${this.parts.replicaId}:${this.turns++}`;
        const retryAt = await link.run((client) => takeSharedTurn(client, this.keyId, member, ask));
        if (retryAt !== undefined) return { granted: false, retryAt };
        if (inGrace) this.alone.take(turn);
        return { granted: true, settled: (at) => this.settled(member, at, ask.spanMs) };
      } catch (error) {
        if (!(error instanceof RedisUnavailable)) throw error;
      }
    }
    return this.passAlone({ ...ask, now: this.parts.clock.now() });
  }

  /** A turn's reply came at `at`: the shared window counts it from then (never fails; an outage forgets it). */
  private settled(member: string, at: number, spanMs: number): void {
    this.parts.link.run((client) => turnSettled(client, this.keyId, member, at, spanMs)).catch(() => {});
  }

  private passAlone(ask: GateAsk): GateAnswer {
    const quietUntil = (this.parts.link.outageSince ?? ask.now) + ask.spanMs;
    if (ask.now < quietUntil) return { granted: false, retryAt: quietUntil };
    const turn = this.alone.next(ask.now, ask.limit, ask.spanMs, this.parts.slot.share);
    if (turn > ask.now) return { granted: false, retryAt: turn };
    this.alone.take(turn);
    return GRANTED;
  }
}
