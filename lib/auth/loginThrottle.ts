import "server-only";
import type { Kysely } from "kysely";
import type { Tables } from "../db/schema";

export interface ThrottleRules {
  windowMs: number;
  /** Failed sign-ins for one account within the window before it is held back. */
  perAccount: number;
  /** Failed sign-ins from one address within the window, whatever the account. */
  perIp: number;
}

export const LOGIN_RULES: ThrottleRules = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 };

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; subject: "account" | "ip" };

/**
 * Failed sign-ins counted per account and per address over a sliding window, in the database so
 * every replica counts the same. A success clears the account's count; the address's stays.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
    private readonly rules: ThrottleRules = LOGIN_RULES,
  ) {}

  private async retryAfter(subject: string, limit: number): Promise<number | null> {
    const since = new Date(this.now() - this.rules.windowMs);
    const rows = await this.db.selectFrom("login_failures").select("at").where("subject", "=", subject).where("at", ">", since).orderBy("at", "desc").limit(limit).execute();
    if (rows.length < limit) return null;
    // Allowed again once the oldest of the last `limit` failures leaves the window.
    const oldest = new Date(rows[rows.length - 1].at).getTime();
    return Math.max(1_000, oldest + this.rules.windowMs - this.now());
  }

  async check(account: string, ip: string): Promise<ThrottleVerdict> {
    const byAccount = await this.retryAfter(accountSubject(account), this.rules.perAccount);
    if (byAccount !== null) return { allowed: false, retryAfterMs: byAccount, subject: "account" };
    const byIp = await this.retryAfter(`ip:${ip}`, this.rules.perIp);
    if (byIp !== null) return { allowed: false, retryAfterMs: byIp, subject: "ip" };
    return { allowed: true };
  }

  async failed(account: string, ip: string): Promise<void> {
    const at = new Date(this.now());
    await this.db.insertInto("login_failures").values([{ subject: accountSubject(account), at }, { subject: `ip:${ip}`, at }]).execute();
    // Old rows only slow the counts down.
    await this.db.deleteFrom("login_failures").where("at", "<", new Date(this.now() - 2 * this.rules.windowMs)).execute();
  }

  async succeeded(account: string): Promise<void> {
    await this.db.deleteFrom("login_failures").where("subject", "=", accountSubject(account)).execute();
  }
}

function accountSubject(account: string): string {
  return `account:${account.trim().toLowerCase()}`;
}
