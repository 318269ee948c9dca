import "server-only";
import { migrateAuthTables } from "../auth/authSchema";
import { signInSettings } from "../auth/settings";
import { buildApp, type App } from "../dashboard/dashboardApp";
import { databaseLocation, openDatabase } from "../db/openDatabase";
import { trustedProxies } from "../http/clientAddress";
import { mailerFromEnvironment } from "../mail/mailer";
import { realClock } from "../upstream/clock";
import { upstreamConfig } from "../upstream/config";
import { GatewayError } from "../upstream/gatewayError";
import { dashboardProxy } from "./proxyRoot";
import { addressPolicy, proxyParts } from "./proxyParts";

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** Built once per process; on globalThis because Next bundles instrumentation, pages and route handlers apart. */
const holder = globalThis as typeof globalThis & { __linklensApp?: Promise<App> };

async function fromEnvironment(env: NodeJS.ProcessEnv): Promise<App> {
  const signIn = signInSettings(env);
  const proxies = trustedProxies(env.TRUSTED_PROXIES);
  const database = await openDatabase(databaseLocation(env));
  await migrateAuthTables(database.dialect);
  const config = upstreamConfig(env);
  const limits =
    config instanceof GatewayError
      ? { timeoutMs: 15_000, cacheTtlMs: 10_000 }
      : { timeoutMs: config.timeoutMs, cacheTtlMs: config.cacheTtlMs };
  // The environment's workspace: always without sign-in (it is the dashboard), with sign-in only when configured.
  const envConfigured = !(config instanceof GatewayError);
  const env_ =
    envConfigured || !signIn
      ? {
          slug: env.LINK_WORKSPACE_SLUG?.trim() || "default",
          name: env.LINK_WORKSPACE_NAME?.trim() || "Default workspace",
          baseUrl: envConfigured ? config.baseUrl : "",
          proxy: dashboardProxy(),
          webhookSecret: env.LINK_WEBHOOK_SECRET?.trim() || null,
        }
      : null;
  const port = env.PORT?.trim() || "3000";
  const { cache, budgets, dispatcher } = proxyParts();
  return buildApp({
    database,
    signIn,
    clock: realClock,
    env: env_,
    shared: { cache, budgets, dispatcher },
    limits,
    addresses: addressPolicy(),
    trustedOrigins: LOOPBACK_NAMES.map((name) => `http://${name}:${port}`),
    trustedProxies: proxies,
    mailer: mailerFromEnvironment(env),
  });
}

/**
 * The dashboard's parts, built once from the environment as it is on first use: its database
 * (PGlite under data/dashboard, or DATABASE_URL) migrated, sign-in when LINKLENS_SECRET is set,
 * the environment's workspace and every added one with its own proxy.
 */
export function dashboardApp(): Promise<App> {
  holder.__linklensApp ??= fromEnvironment(process.env).catch((error: unknown) => {
    holder.__linklensApp = undefined;
    throw error;
  });
  return holder.__linklensApp;
}

/**
 * At start (instrumentation.ts): with sign-in configured and no account yet, the first owner's
 * one-time setup link, printed on the console (never served).
 */
export async function announceSetup(): Promise<void> {
  const app = await dashboardApp();
  if (!app.signIn) return;
  const token = await app.setup.issue();
  if (token) console.log(`linklens: no account yet. Create the first owner at ${app.signIn.publicUrl}/setup/${token}`);
}
