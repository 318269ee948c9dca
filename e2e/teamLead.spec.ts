import { createServer, type Server } from "node:http";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { showEvents, watchRequests } from "./fixtures";
import { startOwnDashboard, type OwnDashboard } from "./ownDashboard";

/**
 * What a team lead hit (issue 28, 1-6), on a dashboard with sign-in of its own: each workspace's
 * page shows that workspace's figures after the switcher; a wrong key is refused when given, and
 * a key the platform stops accepting is said once with a way forward and no request storm; a
 * share link's controls offer only what its lock allows; a viewer's tools say why they are off;
 * a signed-out teammate lands on the full pasted view after signing in; one styled "no access"
 * page.
 */

const PORT = Number(process.env.E2E_AUTH_APP_PORT ?? 3110);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PLATFORM_PORT = Number(process.env.E2E_OWN_PLATFORM_PORT ?? 8791);
const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
/** A platform whose key is revoked once the workspace is added: it accepts the key check, then answers 401. */
const REVOKING_PORT = PLATFORM_PORT + 5;
const REVOKING = `http://127.0.0.1:${REVOKING_PORT}`;
const PASSWORD = "a long owner password";

let dashboard: OwnDashboard;
let revoking: Server;
let revoked = false;
let revokingRequests = 0;

const kpiValue = (page: Page, name: string) =>
  page
    .getByRole("group", { name: "Key figures", exact: true })
    .getByRole("group", { name, exact: true })
    .locator("[data-kpi-value]");

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe
  .serial("a team lead's journey", () => {
    test.setTimeout(120_000);
    let owner: Page;
    const contexts: BrowserContext[] = [];
    const context = async (browser: Browser) => {
      const made = await browser.newContext({ baseURL: ORIGIN });
      contexts.push(made);
      return made;
    };

    async function invite(slug: string, role: "member" | "viewer"): Promise<string> {
      await owner.goto(`/w/${slug}/settings`);
      const invitations = owner.getByRole("region", { name: "Invitations" });
      await invitations.getByLabel("Invite as").selectOption(role);
      await invitations.getByRole("button", { name: "Create invitation link" }).click();
      const link = invitations.getByLabel(`Invitation link: joins as ${role}`);
      await expect(link).toHaveValue(/\/invite\//);
      return link.inputValue();
    }

    test.beforeAll(async () => {
      revoking = createServer((request, response) => {
        revokingRequests += 1;
        response.setHeader("content-type", "application/json");
        if (revoked) {
          response.writeHead(401);
          response.end(
            JSON.stringify({
              error: {
                code: "unauthorized",
                message: "Invalid API key.",
                doc_url: "https://linklens.dev/docs/api-reference/errors#unauthorized",
              },
            }),
          );
          return;
        }
        response.writeHead(200);
        response.end(JSON.stringify({ clicks: 1, leads: 0, sales: 0, saleAmount: 0 }));
      });
      await new Promise<void>((resolve) => revoking.listen(REVOKING_PORT, "127.0.0.1", resolve));
      dashboard = startOwnDashboard({
        port: PORT,
        name: "lead",
        env: {
          LINK_API_ALLOWED_HOSTS: `127.0.0.1:${REVOKING_PORT}`,
        },
      });
    });

    test.afterAll(async () => {
      for (const made of contexts) await made.close();
      await dashboard?.stop();
      await new Promise((resolve) => revoking?.close(resolve));
    });

    test("the owner is set up, and a workspace with a wrong key is refused with the platform's reason", async ({
      browser,
    }) => {
      const setupPath = await dashboard.setupPath();
      owner = await (await context(browser)).newPage();
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill("owner@acme.example");
      await owner.getByLabel("Password").fill(PASSWORD);
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);

      await owner.goto("/w/acme/settings");
      const add = owner.getByRole("region", { name: "Add a workspace" });
      await add.getByLabel("Workspace name").fill("Globex");
      await add.getByLabel("Slug").fill("globex");
      await add.getByLabel("Platform base URL").fill(PLATFORM);
      await add.getByLabel("API key").fill("sk_wrong_key");
      await add.getByRole("button", { name: "Add workspace" }).click();
      await expect(add.getByRole("alert")).toHaveText(
        'Invalid value for "apiKey": the link platform refused it: Invalid API key.',
      );
      await expect(owner).toHaveURL(/\/w\/acme\/settings/);

      await add.getByLabel("API key").fill("demo_advanced_key");
      await add.getByRole("button", { name: "Add workspace" }).click();
      await expect(owner).toHaveURL(/\/w\/globex/);
    });

    test("the switcher shows each workspace's own figures, as a fresh load of its page does", async () => {
      const clicks = async () => Number((await kpiValue(owner, "Clicks").innerText()).replace(/\D/g, ""));
      // The last day moves with the clock: a figure read a minute later may differ by the odd click at the window's edge, never by another workspace's share.
      const near = (expected: number) => ({ min: Math.floor(expected * 0.9), max: Math.ceil(expected * 1.1) });
      await owner.goto("/w/acme");
      await expect(kpiValue(owner, "Clicks")).toHaveText(/\d/);
      const acme = await clicks();
      await owner.goto("/w/globex");
      await expect(kpiValue(owner, "Clicks")).toHaveText(/\d/);
      const globex = await clicks();
      expect(
        near(acme).min,
        "the two seeded workspaces have clearly different figures over the last day",
      ).toBeGreaterThan(near(globex).max);

      const switcher = owner.getByRole("banner").getByRole("combobox", { name: "Workspace" });
      await switcher.selectOption("acme");
      await expect(owner).toHaveURL(/\/w\/acme/);
      await expect.poll(clicks).toBeGreaterThanOrEqual(near(acme).min);
      expect(await clicks()).toBeLessThanOrEqual(near(acme).max);
      await switcher.selectOption("globex");
      await expect(owner).toHaveURL(/\/w\/globex/);
      await expect.poll(clicks).toBeLessThanOrEqual(near(globex).max);
      expect(await clicks()).toBeGreaterThanOrEqual(near(globex).min);
    });

    test("a key the platform stops accepting is said once, with the way to fix it, and the page stops asking", async ({
      browser,
    }) => {
      await owner.goto("/w/acme/settings");
      const add = owner.getByRole("region", { name: "Add a workspace" });
      await add.getByLabel("Workspace name").fill("Revoked");
      await add.getByLabel("Slug").fill("revoked");
      await add.getByLabel("Platform base URL").fill(REVOKING);
      await add.getByLabel("API key").fill("sk_soon_revoked");
      await add.getByRole("button", { name: "Add workspace" }).click();
      await expect(owner).toHaveURL(/\/w\/revoked/);
      const viewerInvite = await invite("revoked", "viewer");
      revoked = true;
      revokingRequests = 0;

      const asked = watchRequests(owner, (url) => url.pathname.startsWith("/api/w/revoked/"));
      await owner.goto("/w/revoked?interval=30d");
      const notice = owner.getByRole("alert").filter({ hasText: "refused this workspace's API key" });
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText("The platform said: “Invalid API key.”");
      await expect(notice.getByRole("link", { name: "Fix the key in Settings" })).toHaveAttribute(
        "href",
        "/w/revoked/settings#workspace-key",
      );
      await expect(owner.getByText("Invalid API key.")).toHaveCount(1);
      // Once said, nothing more is asked: the count stays where the first screen's requests left it,
      // also when the page is scrolled again (the sections below load as they come near).
      await owner.mouse.wheel(0, 4_000);
      await asked.quiet();
      const settled = asked.count;
      expect(settled).toBeLessThanOrEqual(8);
      await owner.mouse.wheel(0, -4_000);
      await owner.mouse.wheel(0, 4_000);
      await asked.quiet();
      expect(asked.count).toBe(settled);
      // The platform too: the server's first screen and the browser's first requests, then nothing.
      expect(revokingRequests).toBeLessThanOrEqual(8);

      // Someone who cannot fix it is told whom to ask.
      const viewer = await (await context(browser)).newPage();
      await viewer.goto(viewerInvite);
      await viewer.getByLabel("Name").fill("Vic Viewer");
      await viewer.getByLabel("Email").fill("viewer@acme.example");
      await viewer.getByLabel("Password").fill("a long viewer password");
      await viewer.getByRole("button", { name: "Create account and join" }).click();
      await expect(viewer).toHaveURL(/\/w\/revoked/);
      const theirs = viewer.getByRole("alert").filter({ hasText: "refused this workspace's API key" });
      await expect(theirs).toContainText("ask an owner of this workspace to set a valid key");
      await expect(theirs.getByRole("link", { name: "Fix the key in Settings" })).toHaveCount(0);
      await viewer.close();

      // The owner's link leads to the key's form, which checks a new key with the platform before saving it.
      await notice.getByRole("link", { name: "Fix the key in Settings" }).click();
      await expect(owner).toHaveURL(/\/w\/revoked\/settings#workspace-key$/);
      const workspace = owner.getByRole("region", { name: "This workspace" });
      await workspace.getByLabel(/^New API key/).fill("sk_still_refused");
      await workspace.getByRole("button", { name: "Save" }).click();
      await expect(workspace.getByRole("alert")).toContainText("Invalid API key.");
    });

    test("a viewer sees Export CSV and Reveal IPs disabled, with the reason", async ({ browser }) => {
      const viewerInvite = await invite("acme", "viewer");
      const viewer = await (await context(browser)).newPage();
      await viewer.goto("/sign-in");
      await signIn(viewer, "viewer@acme.example", "a long viewer password");
      await expect(viewer).toHaveURL(/\/w\/revoked/);
      await viewer.goto(viewerInvite);
      await viewer.getByRole("button", { name: "Join the workspace" }).click();
      await expect(viewer).toHaveURL(/\/w\/acme/);
      const events = viewer.getByRole("region", { name: "Events", exact: true });
      await showEvents(viewer);
      const exportButton = events.getByRole("button", { name: "Export CSV" });
      const reveal = events.getByRole("button", { name: "Reveal IPs" });
      await expect(exportButton).toBeDisabled();
      await expect(reveal).toBeDisabled();
      await expect(reveal).toHaveAttribute("aria-pressed", "false");
      const why = "Viewers cannot reveal IP addresses or export. Ask an owner of this workspace for the member role.";
      await expect(events.getByText(why)).toBeVisible();
      await expect(exportButton).toHaveAccessibleDescription(why);
      await expect(reveal).toHaveAccessibleDescription(why);
      // The owner's are enabled.
      await owner.goto("/w/acme");
      await showEvents(owner);
      await expect(owner.getByRole("button", { name: "Export CSV" })).toBeEnabled();
      await expect(owner.getByRole("button", { name: "Reveal IPs" })).toBeEnabled();
      await viewer.close();
    });

    test("a signed-out teammate opening a pasted view signs in and lands on the full view", async ({ browser }) => {
      const page = await (await context(browser)).newPage();
      await page.goto("/w/acme?interval=30d&country=US,DE&device=Mobile");
      await expect(page).toHaveURL(/\/sign-in\?next=/);
      const next = new URL(page.url()).searchParams.get("next");
      expect(next).toBe("/w/acme?interval=30d&country=US%2CDE&device=Mobile");
      await signIn(page, "viewer@acme.example", "a long viewer password");
      await expect(page).toHaveURL(/\/w\/acme\?/);
      const landed = new URL(page.url()).searchParams;
      expect(landed.get("interval")).toBe("30d");
      expect(landed.get("country")).toBe("US,DE");
      expect(landed.get("device")).toBe("Mobile");
      await expect(page.getByRole("group", { name: "Active filters" })).toContainText("Mobile");
      await page.close();
    });

    test("one styled no-access page: another workspace, Settings for a member, a removed member", async ({
      browser,
    }) => {
      const memberInvite = await invite("acme", "member");
      const member = await (await context(browser)).newPage();
      await member.goto(memberInvite);
      await member.getByLabel("Name").fill("Max Member");
      await member.getByLabel("Email").fill("member@acme.example");
      await member.getByLabel("Password").fill("a long member password");
      await member.getByRole("button", { name: "Create account and join" }).click();
      await expect(member).toHaveURL(/\/w\/acme/);

      await member.goto("/w/globex");
      await expect(member.getByRole("heading", { name: "You do not have access to this workspace" })).toBeVisible();
      await expect(member.getByText("Ask an owner of this workspace to invite you.", { exact: false })).toBeVisible();
      await expect(member.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
      await expect(
        member.getByRole("navigation", { name: "Your workspaces" }).getByRole("link", { name: "Acme" }),
      ).toHaveAttribute("href", "/w/acme");
      // A slug that does not exist reads the same.
      await member.goto("/w/no-such-workspace");
      await expect(member.getByRole("heading", { name: "You do not have access to this workspace" })).toBeVisible();

      await member.goto("/w/acme/settings");
      await expect(member.getByRole("heading", { name: "Settings are for owners of this workspace" })).toBeVisible();
      await expect(member.getByText("Ask an owner of this workspace", { exact: false })).toBeVisible();

      // The owner removes the member; their open page then says so, styled, on the next load.
      const removed = await owner.evaluate(async () => {
        const csrf =
          document.cookie
            .split("; ")
            .find((c) => c.startsWith("linklens_csrf="))
            ?.split("=")[1] ?? "";
        const list = (await (await fetch("/api/w/acme/members")).json()) as {
          members: { userId: string; email: string }[];
        };
        const id = list.members.find((m) => m.email === "member@acme.example")?.userId;
        return (await fetch(`/api/w/acme/members/${id}`, { method: "DELETE", headers: { "x-linklens-csrf": csrf } }))
          .status;
      });
      expect(removed).toBe(204);
      await member.goto("/w/acme");
      await expect(member.getByRole("heading", { name: "You do not have access to this workspace" })).toBeVisible();
      await member.getByRole("button", { name: "Sign out" }).click();
      await expect(member).toHaveURL(/\/sign-in/);
      await member.close();
    });

    test("a share link's controls offer only what its lock allows, and say why", async ({ browser }) => {
      await owner.goto("/w/acme?country=US&interval=30d&timezone=UTC");
      await owner.getByRole("button", { name: "Share" }).click();
      const share = owner.getByRole("region", { name: "Share this view" });
      await share.getByLabel("Link name").fill("US, 30 days");
      await share.getByRole("button", { name: "Create share link" }).click();
      const link = share.getByLabel("Share link", { exact: true });
      await expect(link).toHaveValue(/\/s\//);
      const shareUrl = await link.inputValue();

      const page = await (await context(browser)).newPage();
      await page.goto(shareUrl);
      await expect(page.getByRole("region", { name: "Shared link" })).toContainText("Locked: Country is United States");
      const chips = page.getByRole("group", { name: "Active filters" });
      await expect(chips).toContainText("locked by the link");
      await expect(chips.getByRole("button", { name: "Remove Country filter" })).toHaveCount(0);
      await expect(chips.getByRole("button", { name: /^Clear/ })).toHaveCount(0);

      // Live: off, and says why.
      const live = page.getByRole("button", { name: "Live" });
      await expect(live).toBeDisabled();
      await expect(live).toHaveAccessibleDescription("The live view is off on shared links.");

      // The lock's own 30 days: the previous period lies outside it, so no comparison, with the reason.
      const compare = page.getByRole("button", { name: "Compare to previous period" }).first();
      await expect(compare).toBeDisabled();
      await expect(page.getByText(/previous period is outside this shared link's dates/).first()).toBeVisible();

      // Ranges: those within the lock are offered, the wider ones disabled with the reason.
      await page.getByRole("button", { name: /^Date range:/ }).click();
      const presets = page.getByRole("menu", { name: "Date presets" });
      await expect(presets.getByRole("menuitemradio", { name: /Last 90 days/ })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await expect(presets.getByRole("menuitemradio", { name: /All time/ })).toHaveAttribute("aria-disabled", "true");
      await expect(presets.getByRole("menuitemradio", { name: /Last 90 days/ })).toContainText(
        "Outside this link's dates",
      );
      await presets.getByRole("menuitemradio", { name: /Last 90 days/ }).click({ force: true });
      await expect(page).toHaveURL(/interval=30d/);
      await presets.getByRole("menuitemradio", { name: /Last 7 days/ }).click();
      await expect(page).toHaveURL(/interval=7d/);
      // Seven days within thirty: the week before lies inside the lock, so comparing is offered.
      await expect(compare).toBeEnabled();

      // An address beyond the lock is explained as the lock, never as a plan.
      const outside = new URL(page.url());
      outside.searchParams.set("country", "FR");
      await page.goto(outside.toString());
      await expect(page.getByText("This view is outside the shared link")).toBeVisible();
      await expect(page.getByText("This shared link shows only country US.").first()).toBeVisible();
      await expect(page.getByText(/Pro plan|upgrade/i)).toHaveCount(0);
      const wider = new URL(shareUrl);
      wider.searchParams.set("interval", "all");
      await page.goto(wider.toString());
      await expect(
        page.getByRole("status").filter({ hasText: "asks for dates outside the shared link" }),
      ).toBeVisible();
      await page.close();
    });
  });
