import "server-only";
import type { AuthEventSink } from "../auth/authEvents";
import { createAuth, type Auth } from "../auth/createAuth";
import { LoginThrottle } from "../auth/loginThrottle";
import { ResetThrottle } from "../auth/resetThrottle";
import type { SignInSettings } from "../auth/settings";
import type { Database } from "../db/openDatabase";
import { clientAddressResolver, loopbackClientResolver, type ClientAddressOf } from "../http/clientAddress";
import type { Workspace } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { ShareAllowance } from "../guard/shareAllowance";
import { buildLive, type Live } from "../live/live";
import { sealedBox, type SealedBox } from "../secrets/sealedBox";
import type { AddressPolicy } from "../http/addressPolicy";
import { AnnotationStore } from "../store/annotations";
import { AuditLogStore } from "../store/auditLog";
import { InvitationStore } from "../store/invitations";
import { MembershipStore } from "../store/memberships";
import { PreferenceStore } from "../store/preferences";
import { SavedViewStore } from "../store/savedViews";
import { SetupTokenStore } from "../store/setupTokens";
import { ShareLinkStore } from "../store/shareLinks";
import { WorkspaceStore } from "../store/workspaces";
import type { Clock } from "../upstream/clock";
import type { UpstreamConfig } from "../upstream/config";
import type { Proxy, ProxyParts } from "../upstream/upstreamProxy";
import { WorkspaceRegistry } from "../workspaces/registry";

/** Everything a route needs, built once (lib/server/dashboardRoot.ts from the environment; tests build their own). */
export interface App {
  clock: Clock;
  /** Null: sign-in is not configured, and the loopback dashboard's person is every workspace's owner. */
  signIn: SignInSettings | null;
  auth: Auth | null;
  database: Database;
  /** SMTP_URL's mailer (invitations, password resets); null when unset: those features say so. */
  mailer: Mailer | null;
  /** The activity log (../audit): every state change, who, from where. */
  audit: AuditLogStore;
  workspaces: WorkspaceStore;
  members: MembershipStore;
  invitations: InvitationStore;
  views: SavedViewStore;
  /** Dated notes on the workspace's charts. */
  annotations: AnnotationStore;
  /** Each person's display preferences (the theme). */
  preferences: PreferenceStore;
  shares: ShareLinkStore;
  setup: SetupTokenStore;
  throttle: LoginThrottle;
  /** Password-reset mails per address and client. */
  resetThrottle: ResetThrottle;
  /** Which client sent a request (the socket's address, or what TRUSTED_PROXIES vouch for): every throttle's and better-auth's. */
  clientAddress: ClientAddressOf;
  /** Whether that client is on this machine (a loopback address): its replies need no compression (../http/localReply.ts). */
  localClient: (headers: Headers) => boolean;
  allowance: ShareAllowance;
  registry: WorkspaceRegistry;
  /** Seals workspace keys at rest; null without sign-in (no server secret). */
  keys: SealedBox | null;
  /** The environment's workspace (LINK_API_BASE_URL + LINK_API_KEY), if it names one. */
  envWorkspace: Workspace | null;
  limits: Pick<UpstreamConfig, "timeoutMs" | "cacheTtlMs">;
  /** Which platform addresses an owner may save (every connection checks them again). */
  addresses: AddressPolicy;
}

export interface AppParts {
  database: Database;
  signIn: SignInSettings | null;
  clock: Clock;
  /** The environment's workspace: how it is named, and its proxy (its key stays in the environment). */
  env: { slug: string; name: string; baseUrl: string; proxy: Proxy; webhookSecret: string | null } | null;
  /** The response cache and rate budgets every added workspace's proxy shares with the environment's. */
  shared: Pick<ProxyParts, "cache" | "budgets" | "dispatcher">;
  limits: Pick<UpstreamConfig, "timeoutMs" | "cacheTtlMs">;
  /** The address policy the shared dispatcher applies, for checking URLs when an owner saves them. */
  addresses: AddressPolicy;
  /** Origins besides PUBLIC_URL that sign-in accepts (loopback names on the dashboard's port). */
  trustedOrigins?: readonly string[];
  /** better-auth's own per-address limiter (on by default; tests of the login throttle turn it off). */
  libraryRateLimit?: boolean;
  /** SMTP_URL's mailer (../mail/mailer.ts); absent or null: nothing is mailed. */
  mailer?: Mailer | null;
  /** TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For entries name the client (../http/clientAddress.ts). */
  trustedProxies?: readonly string[];
}

export async function buildApp(parts: AppParts): Promise<App> {
  const { database, signIn, clock } = parts;
  const { db } = database;
  const now = clock.now;
  const workspaces = new WorkspaceStore(db, now);
  const keys = signIn ? sealedBox(signIn.secret, "workspace-keys") : null;
  const envWorkspace = parts.env ? await workspaces.upsertEnv(parts.env) : null;
  const envTarget: { proxy: Proxy; live: Live } | null = parts.env
    ? { proxy: parts.env.proxy, live: buildLive({ proxy: parts.env.proxy, secret: parts.env.webhookSecret, clock }) }
    : null;
  const registry = new WorkspaceRegistry({
    store: workspaces,
    clock,
    shared: parts.shared,
    keys,
    env: envTarget,
    limits: parts.limits,
    buildLive: (proxy) => buildLive({ proxy, secret: null, clock }),
  });
  const audit = new AuditLogStore(db, now);
  const preferences = new PreferenceStore(db, now);
  const events: AuthEventSink = ({ action, userId, email, clientAddress }) =>
    audit.record({ workspaceId: null, actorId: userId, actorEmail: email, action, target: null, clientAddress });
  return {
    clock,
    signIn,
    auth: signIn
      ? createAuth(database.dialect, signIn, parts.trustedOrigins ?? [], {
          libraryRateLimit: parts.libraryRateLimit,
          events,
          mailer: parts.mailer ?? null,
          themeOf: (userId) => preferences.themeOf(userId),
        })
      : null,
    database,
    mailer: parts.mailer ?? null,
    audit,
    workspaces,
    members: new MembershipStore(db, now),
    invitations: new InvitationStore(db, now),
    views: new SavedViewStore(db, now),
    annotations: new AnnotationStore(db, now),
    preferences,
    shares: new ShareLinkStore(db, now, signIn ? sealedBox(signIn.secret, "share-tokens") : null),
    setup: new SetupTokenStore(db, now),
    throttle: new LoginThrottle(db),
    resetThrottle: new ResetThrottle(db),
    clientAddress: clientAddressResolver(parts.trustedProxies ?? []),
    localClient: loopbackClientResolver(parts.trustedProxies ?? []),
    allowance: new ShareAllowance(now),
    registry,
    keys,
    envWorkspace,
    limits: parts.limits,
    addresses: parts.addresses,
  };
}
