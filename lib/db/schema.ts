import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { Role } from "../access/roles";
import type { AuditAction } from "../audit/actions";

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

/** better-auth's tables, as far as the dashboard reads them (names, member lists, session revocation). */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  createdAt: Timestamp;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
}

export interface Tables {
  user: AuthUserTable;
  session: AuthSessionTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  saved_views: SavedViewsTable;
  share_links: ShareLinksTable;
  rate_limits: RateLimitsTable;
  setup_tokens: SetupTokensTable;
  audit_log: AuditLogTable;
}

export type Workspace = Selectable<WorkspacesTable>;
export type Membership = Selectable<MembershipsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type SavedView = Selectable<SavedViewsTable>;
export type ShareLink = Selectable<ShareLinksTable>;
export type NewShareLink = Insertable<ShareLinksTable>;
export type AuditEntry = Selectable<AuditLogTable>;
