import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { nodeOptionsWithHeaderLimit } from "../lib/http/headerLimit.mjs";
import { simulate } from "../scripts/simulate/traffic";

/**
 * The Live view while `npm run simulate` sends traffic: a writable platform of its own (on a copy
 * of the end-to-end seed) and a dashboard in front of it, on their own ports. No webhook reaches
 * this dashboard, so it polls and says so.
 */

const PLATFORM_PORT = Number(process.env.E2E_LIVE_PLATFORM_PORT ?? 8795);
const APP_PORT = Number(process.env.E2E_LIVE_APP_PORT ?? 3120);
const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
const ORIGIN = `http://127.0.0.1:${APP_PORT}`;
const SEED = process.env.E2E_DATA ?? ".e2e/platform.duckdb";

const started: ChildProcess[] = [];
let dir = "";

async function until(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

test.describe.serial("the Live view", () => {
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "linklens-e2e-live-"));
    const file = join(dir, "platform.duckdb");
    copyFileSync(SEED, file);
    const platform = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/platform.ts", "--data", file, "--writable", "--port", String(PLATFORM_PORT), "--host", "127.0.0.1"], { stdio: "ignore" });
    const dashboard = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(APP_PORT)], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: nodeOptionsWithHeaderLimit(process.env.NODE_OPTIONS), LINK_API_BASE_URL: PLATFORM, LINK_API_KEY: "demo_business_key", DASHBOARD_DATA: join(dir, "dashboard") },
      stdio: "ignore",
    });
    started.push(platform, dashboard);
    await until(`${PLATFORM}/events`, 60_000);
    await until(ORIGIN, 60_000);
  });

  test.afterAll(async () => {
    for (const child of started) {
      if (child.pid === undefined || child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("events sent by simulate arrive in the Live view, counted per kind and listed", async ({ page }) => {
    await page.goto(`${ORIGIN}/?interval=24h&timezone=UTC`);
    await page.getByRole("button", { name: "Live", exact: true }).click();
    await expect(page).toHaveURL(/[?&]live=1/);
    const live = page.getByRole("region", { name: "Live", exact: true });
    await expect(live).toContainText("Polling the platform every 10 s");
    const newClicks = live.locator("[data-live-count=clicks]");
    await expect(newClicks).toHaveText("0");

    const counts = await simulate(
      { base: PLATFORM, key: "demo_business_key", rate: 5, seconds: 3, leadShare: 0.5, saleShare: 1, seed: 11 },
      { signal: new AbortController().signal, onSecond: () => {} },
    );
    expect(counts.failures).toBe(0);
    expect(counts.clicks).toBeGreaterThan(0);

    // The next poll (every 10 s) brings them.
    await expect(newClicks).toHaveText(String(counts.clicks), { timeout: 30_000 });
    await expect(live.locator("[data-live-count=leads]")).toHaveText(String(counts.leads));
    await expect(live.getByRole("list", { name: "Latest events" }).getByRole("listitem").first()).toBeVisible();

    // Paused, the list holds still and says what waits.
    await live.getByRole("button", { name: "Pause" }).click();
    await expect(live.getByRole("button", { name: "Resume" })).toHaveAttribute("aria-pressed", "true");
  });
});
