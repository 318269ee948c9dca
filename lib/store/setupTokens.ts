import "server-only";
import type { Kysely } from "kysely";
import type { Tables } from "../db/schema";
import { newToken, tokenHash } from "../secrets/tokens";

/**
 * The first owner's one-time setup link: issued at start while nobody has an account (printed on
 * the console, never served), spent by the account it creates. Each start issues a fresh one.
 */
export class SetupTokenStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  async anyAccount(): Promise<boolean> {
    return (await this.db.selectFrom("user").select("id").limit(1).executeTakeFirst()) !== undefined;
  }

  /** A new token when nobody has an account yet, else null. Earlier unused tokens stop working. */
  async issue(): Promise<string | null> {
    if (await this.anyAccount()) return null;
    const token = newToken();
    await this.db.deleteFrom("setup_tokens").where("used_at", "is", null).execute();
    await this.db
      .insertInto("setup_tokens")
      .values({ token_hash: tokenHash(token), created_at: new Date(this.now()), used_at: null })
      .execute();
    return token;
  }

  /** Spends the token once; false when it is unknown, spent, or someone already has an account. */
  async spend(token: string): Promise<boolean> {
    if (await this.anyAccount()) return false;
    const result = await this.db
      .updateTable("setup_tokens")
      .set({ used_at: new Date(this.now()) })
      .where("token_hash", "=", tokenHash(token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
