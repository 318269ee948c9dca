import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { Role } from "../access/roles";
import type { AuditAction } from "./auditActions";
import type { Theme } from "../theme/theme";

/** The dashboard's own tables (better-auth's `user`, `session`, `account` and `verification` are its own: ../auth). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface WorkspacesTable {
  id: string;
  slug: string;
  name: string;
  base_url: string;
  /** The platform key sealed with the server secret (../secrets/sealedBox.ts); null for the environment's workspace, whose key stays in the environment. */
  key_sealed: string | null;
  default_view_id: string | null;
  created_at: Timestamp;
  /** Members must have signed in through OIDC to open it (an owner's choice; offered only when OIDC is configured). */
  require_sso: Generated<boolean>;
}

/** A deleted workspace's share links, by token hash: their page says why they no longer open. */
export interface RetiredShareLinksTable {
  token_hash: string;
  workspace_name: string;
  retired_at: Timestamp;
}

export interface MembershipsTable {
  workspace_id: string;
  user_id: string;
  role: Role;
  created_at: Timestamp;
}

export interface InvitationsTable {
  id: string;
  token_hash: string;
  workspace_id: string;
  role: Role;
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  /** Whom it was mailed to (only they may accept it); null: a link the owner passes on. */
  email: string | null;
  revoked_at: Timestamp | null;
  /** When the invitation mail was last sent (null: never mailed). */
  sent_at: Timestamp | null;
}

export interface SavedViewsTable {
  id: string;
  workspace_id: string;
  /** Null: made before sign-in was configured (the loopback dashboard's one local user). */
  owner_id: string | null;
  name: string;
  /** The view's whole URL state, `?…` as lib/url's serializeUrl writes it. */
  query: string;
  shared: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnnotationsTable {
  id: string;
  workspace_id: string;
  /** Null: written before sign-in was configured (the loopback dashboard's one local user). */
  author_id: string | null;
  /** The calendar day it marks, YYYY-MM-DD, read in the time zone of whichever view shows it. */
  day: string;
  note: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShareLinksTable {
  id: string;
  token_hash: string;
  workspace_id: string;
  created_by: string;
  name: string;
  query: string;
  password_hash: string | null;
  expires_at: Timestamp | null;
  allow_export: boolean;
  revoked_at: Timestamp | null;
  open_count: Generated<number>;
  last_opened_at: Timestamp | null;
  created_at: Timestamp;
  /** The token sealed with the server secret (purpose "share-tokens"), for its creator to copy again; null for links made before it was kept. */
  token_sealed: string | null;
}

/** One visitor of a share link (a random id in a cookie, kept hashed): opens are their visits, a new one after 30 idle minutes. */
export interface ShareVisitorsTable {
  link_id: string;
  visitor_hash: string;
  opens: number;
  first_at: Timestamp;
  last_at: Timestamp;
}

/** rate-limiter-flexible's table (../auth/loginThrottle.ts through ./rateLimitStore.ts). */
export interface RateLimitsTable {
  /** `<limiter>:<hash of what it counts>`. */
  key: string;
  points: number;
  /** Milliseconds since the epoch; null never expires. */
  expire: string | number | null;
}

export interface SetupTokensTable {
  token_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ReportSchedulesTable {
  id: string;
  workspace_id: string;
  created_by: string;
  kind: "report" | "alert";
  name: string;
  /** The view's URL state, `?…`, as a saved view keeps it. */
  view_query: string;
  /** JSON: lib/reports/cadence.ts. */
  cadence: string;
  /** JSON: lib/reports/recipients.ts. */
  recipients: string;
  /** The Slack-compatible incoming-webhook URL, sealed (it holds its own secret). */
  slack_sealed: string | null;
  /** JSON: lib/reports/alertRule.ts; null for a report. */
  alert_rule: string | null;
  alert_state: Generated<"normal" | "firing">;
  alert_changed_at: Timestamp | null;
  paused: Generated<boolean>;
  paused_reason: string | null;
  failures: Generated<number>;
  last_error: string | null;
  next_run_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReportRunsTable {
  id: string;
  schedule_id: string;
  slot: Timestamp;
  /** "Send now": only to this address, and not counted against the schedule. */
  preview_to: string | null;
  status: "pending" | "sent" | "skipped" | "failed";
  attempts: Generated<number>;
  /** A claimed run's lease: past it, a process that died mid-run has lost it and another takes it. */
  claimed_until: Timestamp | null;
  summary: string | null;
  error: string | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ReportUnsubscribesTable {
  schedule_id: string;
  address: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: string;
  at: Timestamp;
  /** Null: an account's own event (sign-in, password, two-factor), shown in each workspace the person belongs to. */
  workspace_id: string | null;
  /** Null: the loopback dashboard's local user (no sign-in), or a share link's visitor. */
  actor_id: string | null;
  /** The actor's email when it happened (an account may be renamed or removed later). */
  actor_email: string | null;
  action: AuditAction;
  /** What it was done to, in words: "bob@example.com → viewer", "view Weekly". */
  target: string | null;
  /** ../http/clientAddress.ts's answer for the request. */
  client_address: string;
}

/** A person's display preferences (../theme): one row per account that chose something. */
export interface UserPreferencesTable {
  user_id: string;
  theme: Theme;
  updated_at: Timestamp;
}

/** better-auth's tables, as far as the dashboard reads them (names, member lists, session revocation). */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  createdAt: Timestamp;
  /** better-auth's two-factor plugin's flag (../auth/createAuth.ts). */
  twoFactorEnabled: boolean | null;
}

/** better-auth's sign-in methods per person: "credential" is a password, "oidc" single sign-on. */
export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  /** ../auth/signInMethod.ts: "oidc" or "password" (null: opened before it was recorded). */
  signInMethod: string | null;
}

export interface Tables {
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  saved_views: SavedViewsTable;
  annotations: AnnotationsTable;
  share_links: ShareLinksTable;
  share_visitors: ShareVisitorsTable;
  rate_limits: RateLimitsTable;
  setup_tokens: SetupTokensTable;
  report_schedules: ReportSchedulesTable;
  report_runs: ReportRunsTable;
  report_unsubscribes: ReportUnsubscribesTable;
  audit_log: AuditLogTable;
  retired_share_links: RetiredShareLinksTable;
  user_preferences: UserPreferencesTable;
}

export type Workspace = Selectable<WorkspacesTable>;
export type Membership = Selectable<MembershipsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type SavedView = Selectable<SavedViewsTable>;
export type Annotation = Selectable<AnnotationsTable>;
export type ShareLink = Selectable<ShareLinksTable>;
export type ShareVisitor = Selectable<ShareVisitorsTable>;
export type NewShareLink = Insertable<ShareLinksTable>;
export type ReportSchedule = Selectable<ReportSchedulesTable>;
export type ReportRun = Selectable<ReportRunsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
