import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Tables } from "../db/schema";
import { databaseLimiter } from "../db/rateLimitStore";

export interface ThrottleRules {
  /** Failed attempts by one client at one subject before it is held back. */
  freeAttempts: number;
  /** The first hold; each further failure doubles it, up to `maxHoldS`. */
  firstHoldS: number;
  maxHoldS: number;
  /** A client's failures at a subject are forgotten this long after its first one (or at its success). */
  rememberS: number;
  /** Failed attempts from one client, whatever the subject, within `clientWindowS`. */
  perClient: number;
  clientWindowS: number;
  /** Failed attempts at one subject from every client within `subjectWindowS`: past it, only clients that got in before may try. */
  perSubject: number;
  subjectWindowS: number;
  /** How long a client that got in counts as known to that subject. */
  knownS: number;
}

export const LOGIN_RULES: ThrottleRules = {
  freeAttempts: 5,
  firstHoldS: 60,
  maxHoldS: 15 * 60,
  rememberS: 24 * 3600,
  perClient: 20,
  clientWindowS: 15 * 60,
  perSubject: 100,
  subjectWindowS: 3600,
  knownS: 30 * 24 * 3600,
};

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; subject: "account" | "ip" };

/** Keys are hashed: fixed length for the store, and no email address written in it. */
function keyOf(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\n")).digest("base64url");
}

/**
 * Failed password attempts (sign-in per account, unlock per share link: the "subject"), counted
 * on rate-limiter-flexible in the dashboard's database so every replica counts the same.
 *
 * Keyed on what a client cannot forge: the subject as the server read it, and the client's
 * address (../http/clientAddress.ts). A hold applies to one client at one subject, so a stranger's
 * failures hold back the stranger, never the owner elsewhere: after `freeAttempts` failures the
 * client waits `firstHoldS`, doubled at each further failure. Across subjects a client is capped
 * (`perClient`: spraying one password over many accounts). Across clients a subject is capped
 * (`perSubject`: guessing from many addresses), and then only clients that got in before are let
 * through. A success clears that client's count at that subject only.
 */
export class LoginThrottle {
  private readonly failures: RateLimiterAbstract;
  private readonly holds: RateLimiterAbstract;
  private readonly byClient: RateLimiterAbstract;
  private readonly bySubject: RateLimiterAbstract;
  private readonly known: RateLimiterAbstract;

  constructor(
    db: Kysely<Tables>,
    private readonly rules: ThrottleRules = LOGIN_RULES,
  ) {
    this.failures = databaseLimiter(db, "fail", rules.freeAttempts, rules.rememberS);
    this.holds = databaseLimiter(db, "hold", 1, rules.maxHoldS);
    this.byClient = databaseLimiter(db, "client", rules.perClient, rules.clientWindowS);
    this.bySubject = databaseLimiter(db, "subject", rules.perSubject, rules.subjectWindowS);
    this.known = databaseLimiter(db, "known", 1, rules.knownS);
  }

  async check(subject: string, client: string): Promise<ThrottleVerdict> {
    const pair = keyOf(normalized(subject), client);
    const [hold, fromClient, atSubject] = await Promise.all([
      this.holds.get(pair),
      this.byClient.get(keyOf(client)),
      this.bySubject.get(keyOf(normalized(subject))),
    ]);
    if (hold && hold.consumedPoints > 0 && hold.msBeforeNext > 0)
      return { allowed: false, retryAfterMs: Math.max(1_000, hold.msBeforeNext), subject: "account" };
    if (fromClient && fromClient.consumedPoints >= this.rules.perClient)
      return { allowed: false, retryAfterMs: Math.max(1_000, fromClient.msBeforeNext), subject: "ip" };
    if (atSubject && atSubject.consumedPoints >= this.rules.perSubject && !(await this.known.get(pair))) {
      return { allowed: false, retryAfterMs: Math.max(1_000, atSubject.msBeforeNext), subject: "account" };
    }
    return { allowed: true };
  }

  async failed(subject: string, client: string): Promise<void> {
    const pair = keyOf(normalized(subject), client);
    const [counted] = await Promise.all([
      this.failures.penalty(pair),
      this.byClient.penalty(keyOf(client)),
      this.bySubject.penalty(keyOf(normalized(subject))),
    ]);
    const beyond = counted.consumedPoints - this.rules.freeAttempts;
    if (beyond >= 0) await this.holds.set(pair, 1, Math.min(this.rules.maxHoldS, this.rules.firstHoldS * 2 ** beyond));
  }

  async succeeded(subject: string, client: string): Promise<void> {
    const pair = keyOf(normalized(subject), client);
    await Promise.all([
      this.failures.delete(pair),
      this.holds.delete(pair),
      this.known.set(pair, 1, this.rules.knownS),
    ]);
  }
}

function normalized(subject: string): string {
  return subject.trim().toLowerCase();
}
