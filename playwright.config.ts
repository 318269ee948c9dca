import { defineConfig, devices } from "@playwright/test";
import { OWN_SERVER_SPECS } from "./e2e/ownServerSpecs";
import { nodeOptionsWithHeaderLimit } from "./lib/http/headerLimit.mjs";

const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const platformPort = Number(process.env.E2E_PLATFORM_PORT ?? 8790);
/** A second dashboard on the Pro key: charts work, events are refused by plan. */
const proAppPort = Number(process.env.E2E_PRO_APP_PORT ?? appPort + 1);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The dashboards read query strings as long as the contract allows (lib/http/headerLimit.mjs). */
const NODE_OPTIONS = nodeOptionsWithHeaderLimit(process.env.NODE_OPTIONS);

/** The platform of the journeys with dashboards of their own: rate limits are per key and per platform, so neither kind spends the other's budget. */
const ownPlatformPort = Number(process.env.E2E_OWN_PLATFORM_PORT ?? 8791);

export const PRO_APP_URL = `http://127.0.0.1:${proAppPort}`;
/** A third dashboard on the Free key: no analytics, no events. */
const freeAppPort = Number(process.env.E2E_FREE_APP_PORT ?? appPort + 2);
export const FREE_APP_URL = `http://127.0.0.1:${freeAppPort}`;

export default defineConfig({
  testDir: "e2e",
  // A migrated dashboard database the journeys' own dashboards start from (e2e/ownDashboard.ts).
  globalSetup: "./e2e/globalSetup.ts",
  fullyParallel: false,
  // One worker on a 2-core machine: two measured no faster (each journey ran about twice as slow).
  // The two projects can run side by side where there are cores to spare: E2E_WORKERS=2.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  projects: [
    { name: "shared dashboards", testIgnore: OWN_SERVER_SPECS, workers: 1 },
    { name: "own dashboards", testMatch: OWN_SERVER_SPECS, workers: 1 },
  ],
  // One retry, so a journey that fails once on a busy machine does not fail the run; npm test
  // names every test that needed it (scripts/test.mjs), so a flaky journey is seen and fixed.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    trace: "off",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: "node scripts/e2e/platform.mjs",
      url: `http://127.0.0.1:${platformPort}/events`,
      // /events answers 401 without a key: any HTTP answer means it is up.
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PLATFORM_PORT: String(platformPort) },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e/platform.mjs",
      url: `http://127.0.0.1:${ownPlatformPort}/events`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PLATFORM_PORT: String(ownPlatformPort), E2E_DATA: ".e2e/platform-own.duckdb" },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node node_modules/next/dist/bin/next start -H 127.0.0.1 -p ${appPort}`,
      url: `http://127.0.0.1:${appPort}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        LINK_API_BASE_URL: `http://127.0.0.1:${platformPort}`,
        LINK_API_KEY: "demo_business_key",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_OPTIONS,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node node_modules/next/dist/bin/next start -H 127.0.0.1 -p ${proAppPort}`,
      url: `http://127.0.0.1:${proAppPort}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        LINK_API_BASE_URL: `http://127.0.0.1:${platformPort}`,
        LINK_API_KEY: "demo_pro_key",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_OPTIONS,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node node_modules/next/dist/bin/next start -H 127.0.0.1 -p ${freeAppPort}`,
      url: `http://127.0.0.1:${freeAppPort}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        LINK_API_BASE_URL: `http://127.0.0.1:${platformPort}`,
        LINK_API_KEY: "demo_free_key",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_OPTIONS,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
