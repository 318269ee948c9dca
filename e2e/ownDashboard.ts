import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeOptionsWithHeaderLimit } from "../lib/http/headerLimit.mjs";
import { ChildOutput } from "../scripts/testing/childOutput";

/**
 * A dashboard of a journey's own: `next start` of the production build on its own port, with its
 * own data directory, stopped by its process id. The journeys that use it are listed in
 * e2e/ownServerSpecs.ts (they run in the "own dashboards" project).
 */

const NEXT_BIN = "node_modules/next/dist/bin/next";

/** The platform the journeys with dashboards of their own read (playwright.config.ts starts it). */
export const OWN_PLATFORM = `http://127.0.0.1:${process.env.E2E_OWN_PLATFORM_PORT ?? 8791}`;

/** The first owner's one-time setup link, as the dashboard prints it at start (`/setup/<token>`). */
const SETUP_LINK = /Create the first owner at https?:\/\/[^/\s]+(\/setup\/\S+)/;

export interface OwnDashboard {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The dashboard's data directory (a fresh temporary one, removed by stop()); its database starts migrated, empty. */
  readonly dataDir: string;
  /** The `next start` process's id. */
  readonly pid: number | undefined;
  /** What the dashboard prints (stdout and stderr). */
  readonly output: ChildOutput;
  /** The setup link's path, once the dashboard has printed it (sign-in on, no account yet). */
  setupPath(timeoutMs?: number): Promise<string>;
  /** Resolves once the dashboard answers HTTP at all. */
  up(timeoutMs?: number): Promise<void>;
  /** Stops the dashboard (SIGTERM, awaited) and removes its data directory. */
  stop(): Promise<void>;
}

export interface OwnDashboardOptions {
  port: number;
  /** Names the temporary data directory (`linklens-e2e-<name>-…`). */
  name: string;
  /**
   * Sign-in on, for the workspace "Acme" (slug acme) on the business key of the own platform
   * (default true). Off: only the platform and key in `env` (LINK_API_BASE_URL, LINK_API_KEY).
   */
  signIn?: boolean;
  /** Set beside (and over) the defaults: SMTP_URL, AUTH_OIDC_*, LINK_API_ALLOWED_HOSTS, … */
  env?: Readonly<Record<string, string>>;
}

/** The environment of a dashboard with sign-in on the own platform, as the team journeys use it. */
function signInEnvironment(origin: string, port: number): Record<string, string> {
  return {
    LINK_API_BASE_URL: OWN_PLATFORM,
    LINK_API_KEY: "demo_business_key",
    LINK_WORKSPACE_SLUG: "acme",
    LINK_WORKSPACE_NAME: "Acme",
    LINKLENS_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    PUBLIC_URL: origin,
    PORT: String(port),
  };
}

/** Starts `next start` on `port` (it keeps starting in the background; await setupPath() or up()). */
export function startOwnDashboard({ port, name, signIn = true, env = {} }: OwnDashboardOptions): OwnDashboard {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `linklens-e2e-${name}-`));
  // A copy of the migrated database e2e/globalSetup.ts made: no initdb, no migrations at start.
  const template = process.env.E2E_DASHBOARD_TEMPLATE;
  if (template) cpSync(template, join(dataDir, "dashboard"), { recursive: true });
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_OPTIONS: nodeOptionsWithHeaderLimit(process.env.NODE_OPTIONS),
      ...(signIn ? signInEnvironment(origin, port) : {}),
      DASHBOARD_DATA: join(dataDir, "dashboard"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = new ChildOutput(child, `the dashboard on port ${port}`);

  return {
    origin,
    dataDir,
    pid: child.pid,
    output,
    async setupPath(timeoutMs = 100_000) {
      const [, path] = await output.match(SETUP_LINK, timeoutMs);
      return path;
    },
    async up(timeoutMs = 100_000) {
      // next start prints its "Ready" line once it listens.
      await output.match(/Ready in|✓ Ready/, timeoutMs);
    },
    async stop() {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(child.pid, "SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
