import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Tables } from "../db/schema";
import { databaseLimiter } from "../db/rateLimitStore";

/** Reset mails per address and per client an hour: enough for a typo and a retry, too few to flood an inbox. */
export const RESET_RULES = { perAccount: 3, perClient: 10, windowS: 3600 };

const keyOf = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("base64url");

/**
 * Password-reset requests, counted in the dashboard's database (every replica counts the same),
 * per address asked for (known or not: the answer never tells) and per client.
 */
export class ResetThrottle {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byClient: RateLimiterAbstract;

  constructor(db: Kysely<Tables>) {
    this.byAccount = databaseLimiter(db, "reset-account", RESET_RULES.perAccount, RESET_RULES.windowS);
    this.byClient = databaseLimiter(db, "reset-client", RESET_RULES.perClient, RESET_RULES.windowS);
  }

  /** Takes one request; the wait in ms when over either limit. */
  async take(email: string, client: string): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
    try {
      await this.byClient.consume(keyOf(client));
      await this.byAccount.consume(keyOf(email.trim().toLowerCase()));
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterMs: Math.max(1_000, error.msBeforeNext) };
      throw error;
    }
  }
}
