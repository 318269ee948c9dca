import "server-only";
import type { Kysely } from "kysely";
import type { Tables } from "../db/schema";
import type { Theme } from "../theme/theme";

/** A person's display preferences, kept with their account (for now the theme: ../theme/theme.ts). */
export class PreferenceStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  /** The theme the person chose, or null when they never chose one. */
  async themeOf(userId: string): Promise<Theme | null> {
    const row = await this.db
      .selectFrom("user_preferences")
      .select("theme")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.theme ?? null;
  }

  async setTheme(userId: string, theme: Theme): Promise<void> {
    const updatedAt = new Date(this.now());
    await this.db
      .insertInto("user_preferences")
      .values({ user_id: userId, theme, updated_at: updatedAt })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ theme, updated_at: updatedAt }))
      .execute();
  }
}
