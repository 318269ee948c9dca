import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { buildState } from "../scripts/start/buildFreshness.mjs";
import { ChildOutput } from "../scripts/testing/childOutput";
import { waitUntilUp } from "../scripts/testing/nextBuild";
import { simulate, type Counts } from "../scripts/simulate/traffic";
import { startOwnDashboard, type OwnDashboard } from "./ownDashboard";

/**
 * The Live view while `npm run simulate` sends traffic, each journey with a writable platform of
 * its own (on a copy of the end-to-end seed) and a dashboard in front of it, on their own ports:
 * one dashboard no webhook reaches (it polls and says so), and one started by `npm start` itself,
 * which registers the dashboard's receiver with the platform (events are pushed).
 */

const SEED = process.env.E2E_DATA ?? ".e2e/platform.duckdb";
const KEY = "demo_business_key";

async function stop(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** A copy of the end-to-end seed in a directory of the test's own. */
function copySeed(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "linklens-e2e-live-"));
  const file = join(dir, "platform.duckdb");
  copyFileSync(SEED, file);
  return { dir, file };
}

async function openLive(page: Page, origin: string): Promise<Locator> {
  await page.goto(`${origin}/?interval=24h&timezone=UTC`);
  await page.getByRole("button", { name: "Live", exact: true }).click();
  await expect(page).toHaveURL(/[?&]live=1/);
  return page.getByRole("region", { name: "Live", exact: true });
}

const newCount = (live: Locator, kind: "clicks" | "leads" | "sales") => live.getByLabel(`New ${kind}`, { exact: true });

function simulateAgainst(platform: string, seed: number): Promise<Counts> {
  return simulate(
    { base: platform, key: KEY, rate: 5, seconds: 3, leadShare: 0.5, saleShare: 1, seed },
    { signal: new AbortController().signal, onSecond: () => {} },
  );
}

test.describe
  .serial("the Live view, polling", () => {
    test.setTimeout(120_000);
    const PLATFORM_PORT = Number(process.env.E2E_LIVE_PLATFORM_PORT ?? 8795);
    const APP_PORT = Number(process.env.E2E_LIVE_APP_PORT ?? 3120);
    const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
    const ORIGIN = `http://127.0.0.1:${APP_PORT}`;
    const started: ChildProcess[] = [];
    let dashboard: OwnDashboard | undefined;
    let dir = "";

    test.beforeAll(async () => {
      // A hook's time is its own (the describe's timeout is the tests'): as long as its waits below.
      test.setTimeout(120_000);
      const copy = copySeed();
      dir = copy.dir;
      const platform = spawn(
        process.execPath,
        [
          "node_modules/tsx/dist/cli.mjs",
          "scripts/platform.ts",
          "--data",
          copy.file,
          "--writable",
          "--port",
          String(PLATFORM_PORT),
          "--host",
          "127.0.0.1",
        ],
        { stdio: "ignore" },
      );
      dashboard = startOwnDashboard({
        port: APP_PORT,
        name: "live",
        signIn: false,
        env: { LINK_API_BASE_URL: PLATFORM, LINK_API_KEY: KEY },
      });
      started.push(platform);
      await waitUntilUp(`${PLATFORM}/events`, platform, "the platform", 60_000);
      await dashboard.up(60_000);
    });

    test.afterAll(async () => {
      await dashboard?.stop();
      for (const child of started) await stop(child);
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("events sent by simulate arrive in the Live view, counted per kind and listed", async ({ page }) => {
      const live = await openLive(page, ORIGIN);
      await expect(live).toContainText("Polling the platform every 10 s");
      await expect(newCount(live, "clicks")).toHaveText("0");

      const counts = await simulateAgainst(PLATFORM, 11);
      expect(counts.failures).toBe(0);
      expect(counts.clicks).toBeGreaterThan(0);

      // The next poll (every 10 s) brings them.
      await expect(newCount(live, "clicks")).toHaveText(String(counts.clicks), { timeout: 30_000 });
      await expect(newCount(live, "leads")).toHaveText(String(counts.leads));
      await expect(live.getByRole("list", { name: "Latest events" }).getByRole("listitem").first()).toBeVisible();

      // Paused, the list holds still and says what waits.
      await live.getByRole("button", { name: "Pause" }).click();
      await expect(live.getByRole("button", { name: "Resume" })).toHaveAttribute("aria-pressed", "true");
    });
  });

test.describe
  .serial("the Live view, pushed by the platform's webhooks as npm start sets them up", () => {
    test.setTimeout(180_000);
    const PLATFORM_PORT = Number(process.env.E2E_LIVE_PUSH_PLATFORM_PORT ?? 8796);
    const APP_PORT = Number(process.env.E2E_LIVE_PUSH_APP_PORT ?? 3122);
    const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
    const ORIGIN = `http://127.0.0.1:${APP_PORT}`;
    let start: ChildProcess | null = null;
    let dir = "";

    test.beforeAll(async () => {
      // A hook's time is its own (the describe's timeout is the tests'): as long as its wait below.
      test.setTimeout(180_000);
      // npm start rebuilds a stale build, into the folder the other end-to-end servers serve from: never here.
      const distDir = process.env.NEXT_DIST_DIR || ".next";
      const state = buildState(process.cwd(), distDir);
      if (state !== "fresh")
        throw new Error(
          `the build in ${distDir} is ${state}: build first (npm test does), so npm start does not build during the test`,
        );

      const copy = copySeed();
      dir = copy.dir;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(APP_PORT),
        PLATFORM_PORT: String(PLATFORM_PORT),
        PLATFORM_DATA: copy.file,
        DASHBOARD_DATA: join(dir, "dashboard"),
      };
      // What a new user has: no platform of their own, no secret, no sign-in.
      for (const name of [
        "LINK_API_BASE_URL",
        "LINK_API_KEY",
        "LINK_WEBHOOK_SECRET",
        "LINKLENS_SECRET",
        "PUBLIC_URL",
        "HOST",
        "DATABASE_URL",
        "REDIS_URL",
      ])
        delete env[name];
      const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
      start = child;
      await new ChildOutput(child, "npm start", 20_000).match(/Linklens dashboard:/, 120_000);
    });

    test.afterAll(async () => {
      if (start) await stop(start);
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("npm start registers the dashboard's receiver, and events sent by simulate are pushed to the Live view", async ({
      page,
    }) => {
      const hooks = await fetch(`${PLATFORM}/webhooks`, { headers: { Authorization: `Bearer ${KEY}` } });
      expect(hooks.status).toBe(200);
      const receivers = (
        (await hooks.json()) as { url: string; triggers: string[]; disabledAt: string | null }[]
      ).filter((h) => h.url === `${ORIGIN}/api/webhooks`);
      expect(receivers).toHaveLength(1);
      expect(receivers[0].triggers.sort()).toEqual(["lead.created", "link.clicked", "sale.created"]);
      expect(receivers[0].disabledAt).toBeNull();

      const live = await openLive(page, ORIGIN);
      await expect(live).toContainText("Pushed by the platform's webhooks");
      await expect(live).not.toContainText("Polling");
      for (const kind of ["clicks", "leads", "sales"] as const) await expect(newCount(live, kind)).toHaveText("0");

      const counts = await simulateAgainst(PLATFORM, 12);
      expect(counts.failures).toBe(0);
      expect(counts.clicks).toBeGreaterThan(0);
      expect(counts.leads).toBeGreaterThan(0);
      expect(counts.sales).toBeGreaterThan(0);

      // No poller runs in push mode: every event the view counts was delivered to POST /api/webhooks.
      await expect(newCount(live, "clicks")).toHaveText(String(counts.clicks));
      await expect(newCount(live, "leads")).toHaveText(String(counts.leads));
      await expect(newCount(live, "sales")).toHaveText(String(counts.sales));
      const listed = live.getByRole("list", { name: "Latest events" }).getByRole("listitem");
      await expect(listed).toHaveCount(Math.min(20, counts.clicks + counts.leads + counts.sales));
      // Simulated visitors come from public addresses, so every event is placed in a country.
      await expect(listed.filter({ hasText: "Unknown" })).toHaveCount(0);
    });
  });
