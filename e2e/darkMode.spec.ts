import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectNoSeriousViolations as audit } from "./axe";
import { startOwnDashboard, type OwnDashboard } from "./ownDashboard";
import { scrollTo } from "./fixtures";

/**
 * Dark mode, on a dashboard with sign-in (its own instance on the auth port, as e2e/team.spec.ts):
 * the owner picks Dark in the header's theme control → the page turns dark at once, a reload keeps
 * it, and the first HTML of a page is already dark (no flash) → the same person signing in from a
 * fresh browser gets it from their first page → System follows the emulated prefers-color-scheme,
 * live → axe finds no serious violation in dark on the dashboard, a breakdown's table view and the
 * sign-in page → a share link's visitor (no account) picks Dark, kept by their cookie alone.
 */

const PORT = Number(process.env.E2E_AUTH_APP_PORT ?? 3110);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const VIEW = "/w/acme?interval=30d&event=clicks&timezone=UTC";
const EMAIL = "owner@acme.example";
const PASSWORD = "a long owner password";
/** The body's background in each theme (app/theme.css: zinc-50, remapped under dark). */
const DARK_CANVAS = "rgb(14, 14, 16)";

let dashboard: OwnDashboard;

const html = (page: Page) => page.locator("html");
const canvas = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Opens the header's theme control and picks `name`. */
async function pick(page: Page, name: "Light" | "Dark" | "System"): Promise<void> {
  await page.getByRole("button", { name: "Theme", exact: true }).click();
  const group = page.getByRole("dialog", { name: "Theme" }).getByRole("group", { name: "Theme" });
  await group.getByRole("radio", { name: new RegExp(`^${name}`) }).check();
}

/** The page's own HTML as the server sends it, before any script runs: its root element's opening tag. */
async function firstHtmlRoot(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return /<html[^>]*>/.exec(await response.text())?.[0] ?? "";
}

/** The dashboard with its cards loaded (the key figures, then each card scrolled into view). */
async function loaded(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false", {
    timeout: 30_000,
  });
  for (const name of ["Locations", "Devices", "Referrers", "Top links", "UTM"])
    await scrollTo(page.getByRole("region", { name, exact: true }));
  await expect(
    page.getByRole("region", { name: "Locations", exact: true }).getByRole("tabpanel").getByRole("listitem").first(),
  ).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
}

test.describe
  .serial("dark mode", () => {
    // The first test waits for the dashboard to start; on a busy machine a page with its cards takes a while.
    test.setTimeout(300_000);
    let owner: Page;
    const contexts: BrowserContext[] = [];
    const context = async (browser: Browser) => {
      // The system prefers light unless a test says otherwise.
      const made = await browser.newContext({ baseURL: ORIGIN, colorScheme: "light" });
      contexts.push(made);
      return made;
    };

    test.beforeAll(async () => {
      dashboard = startOwnDashboard({ port: PORT, name: "dark" });
    });

    test.afterAll(async () => {
      for (const made of contexts) await made.close();
      await dashboard?.stop();
    });

    test("the owner picks Dark: the page turns dark, a reload keeps it, and the first HTML is already dark", async ({
      browser,
    }) => {
      const setupPath = await dashboard.setupPath();
      owner = await (await context(browser)).newPage();
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill(EMAIL);
      await owner.getByLabel("Password").fill(PASSWORD);
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);

      await owner.goto(VIEW);
      // Nothing chosen yet: the system's theme, which prefers light here.
      await expect(html(owner)).toHaveAttribute("data-theme", "system");
      expect(await canvas(owner)).not.toBe(DARK_CANVAS);
      await pick(owner, "Dark");
      await expect(html(owner)).toHaveAttribute("data-theme", "dark");
      expect(await canvas(owner)).toBe(DARK_CANVAS);
      await expect(owner.getByRole("dialog", { name: "Theme" }).getByRole("status")).toHaveText(
        /Saved to your account/,
      );

      await owner.reload();
      await expect(html(owner)).toHaveAttribute("data-theme", "dark");
      expect(await canvas(owner)).toBe(DARK_CANVAS);
      await owner.getByRole("button", { name: "Theme", exact: true }).click();
      await expect(owner.getByRole("radio", { name: /^Dark/ })).toBeChecked();
      await owner.keyboard.press("Escape");

      // No flash: the server's HTML carries the theme before any script runs.
      const root = await firstHtmlRoot(owner, VIEW);
      expect(root).toContain('data-theme="dark"');
      expect(root).toContain("color-scheme:dark");
    });

    test("the same person in a fresh browser: dark from the first page after signing in", async ({ browser }) => {
      const page = await (await context(browser)).newPage();
      await page.goto(`/sign-in?next=${encodeURIComponent(VIEW)}`);
      await expect(html(page)).toHaveAttribute("data-theme", "system");
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/w\/acme/);
      await expect(html(page)).toHaveAttribute("data-theme", "dark");
      expect(await canvas(page)).toBe(DARK_CANVAS);
      expect(await firstHtmlRoot(page, VIEW)).toContain('data-theme="dark"');
    });

    test("System follows the device's setting, live, and is remembered too", async () => {
      await owner.goto(VIEW);
      await pick(owner, "System");
      await expect(html(owner)).toHaveAttribute("data-theme", "system");
      await owner.keyboard.press("Escape");
      await owner.emulateMedia({ colorScheme: "dark" });
      await expect.poll(() => canvas(owner)).toBe(DARK_CANVAS);
      await owner.emulateMedia({ colorScheme: "light" });
      await expect.poll(() => canvas(owner)).not.toBe(DARK_CANVAS);
      await owner.reload();
      await expect(html(owner)).toHaveAttribute("data-theme", "system");
      expect(await firstHtmlRoot(owner, VIEW)).toContain("color-scheme:light dark");
      await pick(owner, "Dark");
      await expect(owner.getByRole("dialog", { name: "Theme" }).getByRole("status")).toHaveText(
        /Saved to your account/,
      );
    });

    test("axe: no serious violation in dark on the dashboard and a breakdown's table view", async () => {
      await loaded(owner, VIEW);
      await expect(html(owner)).toHaveAttribute("data-theme", "dark");
      await audit(owner, "dashboard (dark)");

      const locations = owner.getByRole("region", { name: "Locations", exact: true });
      await locations.getByRole("button", { name: "Show as table, Locations" }).click();
      await expect(locations.getByRole("table").getByRole("columnheader", { name: /^Lead → customer/ })).toBeVisible();
      await audit(owner, "Locations as a table (dark)");
    });

    test("axe: no serious violation in dark on the theme control and the sign-in page", async ({ browser }) => {
      await owner.getByRole("button", { name: "Theme", exact: true }).click();
      await expect(owner.getByRole("dialog", { name: "Theme" })).toBeVisible();
      await audit(owner, "the theme control (dark)", '[role="dialog"][aria-label="Theme"]');
      await owner.keyboard.press("Escape");

      const visitor = await (await context(browser)).newPage();
      await visitor.context().addCookies([{ name: "linklens_theme", value: "dark", url: ORIGIN }]);
      await visitor.goto("/sign-in");
      await expect(html(visitor)).toHaveAttribute("data-theme", "dark");
      await expect(visitor.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      await audit(visitor, "sign-in (dark)");
    });

    test("a share link's visitor picks Dark: their cookie alone remembers it", async ({ browser }) => {
      await owner.goto(VIEW);
      await owner.getByRole("button", { name: "Share" }).click();
      const share = owner.getByRole("region", { name: "Share this view" });
      await share.getByLabel("Link name").fill("For the agency");
      await share.getByRole("button", { name: "Create share link" }).click();
      const link = share.getByLabel("Share link", { exact: true });
      await expect(link).toHaveValue(/\/s\//);

      const stranger = await (await context(browser)).newPage();
      await stranger.goto(await link.inputValue());
      await expect(html(stranger)).toHaveAttribute("data-theme", "system");
      await pick(stranger, "Dark");
      await expect(html(stranger)).toHaveAttribute("data-theme", "dark");
      await expect(stranger.getByRole("dialog", { name: "Theme" }).getByRole("status")).toHaveText(
        "Remembered in this browser.",
      );
      await stranger.reload();
      await expect(html(stranger)).toHaveAttribute("data-theme", "dark");
      await expect(stranger.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute(
        "aria-busy",
        "false",
        { timeout: 30_000 },
      );
      await audit(stranger, "share link (dark)");
    });
  });
