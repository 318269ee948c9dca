import { assertPortFree, startService, waitForPort, type Service } from "./processes";

/** The two servers the bench measures, on the bench's own ports. */

/** Overridable, as the live step's are, so several people can bench on one machine. */
export const PLATFORM_PORT = Number(process.env.BENCH_PLATFORM_PORT ?? 8870);
export const DASHBOARD_PORT = Number(process.env.BENCH_DASHBOARD_PORT ?? 3170);
export const DIST_DIR = ".next-bench";
export const NEXT_BIN = "node_modules/next/dist/bin/next";

export interface Running {
  url: string;
  service: Service;
}

/** How long a read-only platform may take to open its file (a 100M-click file: several minutes). */
const PLATFORM_START_MS = 15 * 60_000;

/** scripts/platform.ts with the real rate limits (no --rate-limit-scale). */
export async function startPlatform(file: string, port = PLATFORM_PORT): Promise<Running> {
  await assertPortFree(port);
  const { service, match } = await startService({
    name: "platform",
    args: ["--import", "tsx", "scripts/platform.ts", "--data", file, "--port", String(port), "--host", "127.0.0.1"],
    ready: /^platform listening on (https?:\/\/\S+)$/m,
    // It builds its rollups before listening: a minute or more at 10M clicks on a busy machine.
    timeoutMs: PLATFORM_START_MS,
  });
  return { url: match[1], service };
}

/** A writable scripts/platform.ts (what npm start runs), with the dashboard's receiver registered as npm start registers it when `webhook` is given. */
export async function startWritablePlatform(
  file: string,
  port: number,
  webhook?: { url: string; secret: string },
): Promise<Running> {
  await assertPortFree(port);
  const args = [
    "--import",
    "tsx",
    "scripts/platform.ts",
    "--data",
    file,
    "--writable",
    "--port",
    String(port),
    "--host",
    "127.0.0.1",
  ];
  if (webhook) args.push("--webhook-url", webhook.url, "--webhook-key", "demo_business_key");
  const env = webhook ? { ...process.env, LINK_WEBHOOK_SECRET: webhook.secret } : process.env;
  const { service, match } = await startService({
    name: "writable platform",
    args,
    env,
    ready: /^platform listening on (https?:\/\/\S+)$/m,
  });
  return { url: match[1], service };
}

export interface DashboardOptions {
  upstream: string;
  apiKey: string;
  /** Undefined keeps the dashboard's default TTL. */
  cacheTtlMs?: number;
  port?: number;
  /** LINK_WEBHOOK_SECRET: the live view is pushed through POST /api/webhooks; unset, it polls. */
  webhookSecret?: string;
  /** The checkout whose build runs (a baseline's worktree); the repository's root unless said. */
  root?: string;
  /** The build folder to run (another build of the same checkout, kept for a before/after); DIST_DIR unless said. */
  distDir?: string;
  /** Sign-in on (LINKLENS_SECRET, PUBLIC_URL), its accounts and links in `dataDir`: what share links need. */
  signIn?: { secret: string; dataDir: string };
  /** Node's own flags for the dashboard's process (say, `--cpu-prof --cpu-prof-dir=<dir>`). */
  nodeArgs?: string[];
}

/** `next start` on the bench build, against `upstream` with `apiKey`. */
export async function startDashboard(options: DashboardOptions): Promise<Running> {
  const port = options.port ?? DASHBOARD_PORT;
  await assertPortFree(port);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: options.distDir ?? DIST_DIR,
    LINK_API_BASE_URL: options.upstream,
    LINK_API_KEY: options.apiKey,
    // Sign-in trusts the origin on this port (lib/server/dashboardRoot.ts).
    PORT: String(port),
  };
  delete env.LINK_CACHE_TTL_MS;
  delete env.LINK_API_TIMEOUT_MS;
  delete env.LINK_WEBHOOK_SECRET;
  if (options.webhookSecret !== undefined) env.LINK_WEBHOOK_SECRET = options.webhookSecret;
  if (options.cacheTtlMs !== undefined) env.LINK_CACHE_TTL_MS = String(options.cacheTtlMs);
  if (options.signIn) {
    env.LINKLENS_SECRET = options.signIn.secret;
    env.PUBLIC_URL = `http://127.0.0.1:${port}`;
    env.DASHBOARD_DATA = options.signIn.dataDir;
  }
  const { service } = await startService({
    name: "dashboard",
    args: [...(options.nodeArgs ?? []), NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"],
    env,
    cwd: options.root,
    ready: /Ready in|started server on|Local:\s+http/i,
  });
  await waitForPort(port);
  return { url: `http://127.0.0.1:${port}`, service };
}
