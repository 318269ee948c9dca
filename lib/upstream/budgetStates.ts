import type { GateAnswer } from "./sendGate";

/**
 * The states of a key's budget (./rateBudget.ts), written down; docs/replicas.md draws them.
 *
 * A request: `new` (asked for a place), `queued` (waiting for its turn, in priority order; a
 * request that joins it may raise it in place), `sent` (its upstream request is in flight; a 429
 * queues it again, three times at most), `answered` (its caller has its reply or error: a refusal
 * before or while queued, too late, displaced from a full queue, aborted, or the platform's).
 */
export type RequestState = "new" | "queued" | "sent" | "answered";

const MOVES: Record<RequestState, readonly RequestState[]> = {
  new: ["queued", "answered"],
  queued: ["queued", "sent", "answered"],
  sent: ["queued", "answered"],
  answered: [],
};

/** The state a request moves to from `from`; throws on a move the budget never makes (a bug). */
export function moveRequest(from: RequestState, to: RequestState): RequestState {
  if (!MOVES[from].includes(to)) throw new Error(`A queued request cannot move from ${from} to ${to}.`);
  return to;
}

/**
 * The key's turn from its gate (replicas sharing the key's window): `ready` to ask, or `asking`
 * (one question at a time). Either way no request leaves before `notBefore`, the gate's last
 * refusal's answer.
 */
export type GateTurn = { kind: "ready"; notBefore: number } | { kind: "asking"; notBefore: number };

export const FIRST_TURN: GateTurn = { kind: "ready", notBefore: 0 };

export function turnAsked(turn: Extract<GateTurn, { kind: "ready" }>): GateTurn {
  return { kind: "asking", notBefore: turn.notBefore };
}

/** The gate answered at `at`: granted leaves `notBefore` as it was; refused moves it to the gate's instant (at least `at` + 1). */
export function turnAnswered(turn: GateTurn, answer: GateAnswer, at: number): GateTurn {
  return { kind: "ready", notBefore: answer.granted ? turn.notBefore : Math.max(answer.retryAt, at + 1) };
}

/** When the queue next looks again on its own: `none`, or a timer `set` for the next slot. */
export type Wakeup = { kind: "none" } | { kind: "set"; at: number; cancel: () => void };

export const NO_WAKEUP: Wakeup = { kind: "none" };
