import "server-only";
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";

/**
 * The dashboard's own schema, one migration per step, in order; applied on start
 * (./openDatabase.ts). A released migration is never edited: a change is a new one.
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001_workspaces_members_views_shares": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("workspaces")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("base_url", "text", (c) => c.notNull())
        .addColumn("key_sealed", "text")
        .addColumn("default_view_id", "text")
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("memberships")
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'member', 'viewer')`))
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addPrimaryKeyConstraint("memberships_pk", ["workspace_id", "user_id"])
        .execute();
      await db.schema.createIndex("memberships_user").on("memberships").column("user_id").execute();
      await db.schema
        .createTable("invitations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'member', 'viewer')`))
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("expires_at", "timestamptz", (c) => c.notNull())
        .addColumn("accepted_at", "timestamptz")
        .addColumn("accepted_by", "text")
        .execute();
      await db.schema
        .createTable("saved_views")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("owner_id", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("query", "text", (c) => c.notNull())
        .addColumn("shared", "boolean", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("saved_views_workspace").on("saved_views").column("workspace_id").execute();
      await db.schema
        .createTable("share_links")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("query", "text", (c) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("expires_at", "timestamptz")
        .addColumn("allow_export", "boolean", (c) => c.notNull())
        .addColumn("revoked_at", "timestamptz")
        .addColumn("open_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_opened_at", "timestamptz")
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("login_failures")
        .addColumn("id", "bigserial", (c) => c.primaryKey())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("login_failures_subject_at")
        .on("login_failures")
        .columns(["subject", "at"])
        .execute();
      await db.schema
        .createTable("setup_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("used_at", "timestamptz")
        .execute();
    },
  },
  // Sign-in and share-link throttles move to rate-limiter-flexible, whose rows these are; the
  // failures counted before are dropped (at worst an attacker's count starts again once).
  "0002_rate_limits": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "varchar(255)", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
      await db.schema.dropTable("login_failures").execute();
    },
  },
  // A share link's token sealed with the server secret, so its creator can copy it again (links
  // made before keep only the hash); opens counted per visitor session, not per page load.
  "0004_share_tokens_and_visits": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("share_links").addColumn("token_sealed", "text").execute();
      await db.schema
        .createTable("share_visitors")
        .addColumn("link_id", "text", (c) => c.notNull().references("share_links.id").onDelete("cascade"))
        .addColumn("visitor_hash", "text", (c) => c.notNull())
        .addColumn("opens", "integer", (c) => c.notNull())
        .addColumn("first_at", "timestamptz", (c) => c.notNull())
        .addColumn("last_at", "timestamptz", (c) => c.notNull())
        .addPrimaryKeyConstraint("share_visitors_pk", ["link_id", "visitor_hash"])
        .execute();
    },
  },
  // The activity log: one row per state change the server makes, who from which address. No
  // foreign key to workspaces: a deleted workspace's entries (its deletion too) stay.
  "0005_audit_log": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("audit_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", "timestamptz", (c) => c.notNull())
        .addColumn("workspace_id", "text")
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target", "text")
        .addColumn("client_address", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_workspace_at").on("audit_log").columns(["workspace_id", "at"]).execute();
      await db.schema.createIndex("audit_log_actor_at").on("audit_log").columns(["actor_id", "at"]).execute();
    },
  },
  // Invitations by email (null: a link the owner passes on), revoked ones kept so their link says
  // so, and when the mail was last sent.
  "0005_invitation_email": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("invitations").addColumn("email", "text").execute();
      await db.schema.alterTable("invitations").addColumn("revoked_at", "timestamptz").execute();
      await db.schema.alterTable("invitations").addColumn("sent_at", "timestamptz").execute();
    },
  },
  // Scheduled reports and alerts (lib/reports): each schedule, each slot's run (one row per
  // schedule and slot: what makes a slot run once whatever the replicas), and who unsubscribed.
  "0006_reports_and_alerts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("report_schedules")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('report', 'alert')`))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("view_query", "text", (c) => c.notNull())
        .addColumn("cadence", "text", (c) => c.notNull())
        .addColumn("recipients", "text", (c) => c.notNull())
        .addColumn("slack_sealed", "text")
        .addColumn("alert_rule", "text")
        .addColumn("alert_state", "text", (c) =>
          c.notNull().defaultTo("normal").check(sql`alert_state in ('normal', 'firing')`),
        )
        .addColumn("alert_changed_at", "timestamptz")
        .addColumn("paused", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("paused_reason", "text")
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_error", "text")
        .addColumn("next_run_at", "timestamptz", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("report_schedules_due")
        .on("report_schedules")
        .columns(["paused", "next_run_at"])
        .execute();
      await db.schema.createIndex("report_schedules_workspace").on("report_schedules").column("workspace_id").execute();
      await db.schema
        .createTable("report_runs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("schedule_id", "text", (c) => c.notNull().references("report_schedules.id").onDelete("cascade"))
        .addColumn("slot", "timestamptz", (c) => c.notNull())
        .addColumn("preview_to", "text")
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sent', 'skipped', 'failed')`))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("claimed_until", "timestamptz")
        .addColumn("summary", "text")
        .addColumn("error", "text")
        .addColumn("finished_at", "timestamptz")
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addUniqueConstraint("report_runs_one_per_slot", ["schedule_id", "slot"])
        .execute();
      await db.schema
        .createIndex("report_runs_pending")
        .on("report_runs")
        .columns(["status", "claimed_until"])
        .execute();
      await db.schema
        .createTable("report_unsubscribes")
        .addColumn("schedule_id", "text", (c) => c.notNull().references("report_schedules.id").onDelete("cascade"))
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addPrimaryKeyConstraint("report_unsubscribes_pk", ["schedule_id", "address"])
        .execute();
    },
  },
  "0007_annotations": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("annotations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("author_id", "text")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("note", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("annotations_workspace_day")
        .on("annotations")
        .columns(["workspace_id", "day"])
        .execute();
    },
  },
  // Account basics (issue 28): a deleted workspace's share links leave their token's hash behind
  // so their page says the workspace was deleted (not "does not exist"); an owner's "require
  // single sign-on" per workspace.
  "0008_account_deleted_shares_and_sso": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("retired_share_links")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("workspace_name", "text", (c) => c.notNull())
        .addColumn("retired_at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable("workspaces")
        .addColumn("require_sso", "boolean", (c) => c.notNull().defaultTo(false))
        .execute();
    },
  },
  // Dark mode (issue 26): a person's display preferences, kept with their account (the theme; the
  // browser keeps a copy in a cookie, lib/theme/theme.ts). better-auth's `user` table stays its own.
  "0009_user_preferences": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("user_preferences")
        .addColumn("user_id", "text", (c) => c.primaryKey())
        .addColumn("theme", "text", (c) => c.notNull().check(sql`theme in ('light', 'dark', 'system')`))
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every migration not yet applied; throws with the failing migration's name. */
export async function migrate(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider,
    migrationTableName: "linklens_migrations",
    migrationLockTableName: "linklens_migrations_lock",
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(
      `The dashboard's database could not be migrated (${failed}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
