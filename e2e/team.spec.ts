import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startIdp, type RunningIdp } from "../lib/auth/testing/oidcProvider";
import { startOwnDashboard, type OwnDashboard } from "./ownDashboard";

/**
 * A team on a dashboard with sign-in (its own instance on its own port, with a real OIDC provider
 * on loopback): the first-run setup link from the console → the owner signs in → invites a member
 * and a viewer → saves a view → shares it with a password and an expiry → a stranger opens it,
 * tries to widen it and finds it locked → the viewer can neither export nor reveal IPs → someone
 * signs in through the OIDC provider.
 */

const PORT = Number(process.env.E2E_AUTH_APP_PORT ?? 3110);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = "a long owner password";

let dashboard: OwnDashboard;
let idp: RunningIdp;

test.describe
  .serial("a team on a shared dashboard", () => {
    test.setTimeout(120_000);
    let owner: Page;
    let memberInvite = "";
    let viewerInvite = "";
    let shareUrl = "";
    const contexts: BrowserContext[] = [];
    const context = async (browser: Browser) => {
      const made = await browser.newContext({ baseURL: ORIGIN });
      contexts.push(made);
      return made;
    };

    test.beforeAll(async () => {
      idp = await startIdp(ORIGIN);
      dashboard = startOwnDashboard({
        port: PORT,
        name: "team",
        env: {
          AUTH_OIDC_ISSUER: idp.issuer,
          AUTH_OIDC_CLIENT_ID: idp.clientId,
          AUTH_OIDC_CLIENT_SECRET: idp.clientSecret,
          AUTH_OIDC_NAME: "Test IdP",
        },
      });
    });

    test.afterAll(async () => {
      for (const made of contexts) await made.close();
      await dashboard?.stop();
      await idp?.stop();
    });

    test("first run: the setup link on the console makes the owner, who is signed in", async ({ browser }) => {
      const setupPath = await dashboard.setupPath();
      owner = await (await context(browser)).newPage();
      await owner.goto("/");
      await expect(owner).toHaveURL(/\/sign-in/);
      await expect(owner.getByRole("status")).toContainText("No account exists yet");
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill("owner@acme.example");
      await owner.getByLabel("Password").fill(PASSWORD);
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);
      await expect(owner.getByText("Olivia Owner · owner")).toBeVisible();
      // The link works once.
      const again = await owner.request.get(setupPath);
      expect(again.url()).not.toContain("/setup/");
    });

    test("on a phone the owner's header keeps Settings, Share and Sign out on screen", async () => {
      const size = owner.viewportSize();
      await owner.setViewportSize({ width: 390, height: 844 });
      try {
        await owner.goto("/w/acme");
        const header = owner.getByRole("banner");
        for (const control of [
          header.getByRole("link", { name: "Settings" }),
          header.getByRole("button", { name: "Share" }),
          header.getByRole("button", { name: "Sign out" }),
        ]) {
          await expect(control).toBeInViewport({ ratio: 1 });
        }
        expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await header.getByRole("link", { name: "Settings" }).click();
        await expect(owner).toHaveURL(/\/w\/acme\/settings/);
      } finally {
        if (size) await owner.setViewportSize(size);
      }
    });

    test("the owner invites a member and a viewer by link", async () => {
      await owner.goto("/w/acme/settings");
      const members = owner.getByRole("region", { name: "Invitations" });
      for (const role of ["member", "viewer"] as const) {
        await members.getByLabel("Invite as").selectOption(role);
        await expect(
          members.getByText(role === "member" ? /A member also exports/ : /A viewer sees the workspace/),
        ).toBeVisible();
        await members.getByRole("button", { name: "Create invitation link" }).click();
        const link = members.getByLabel(`Invitation link: joins as ${role}`);
        await expect(link).toHaveValue(/\/invite\//);
        // The second link replaces the first in the same field.
        if (memberInvite) await expect(link).not.toHaveValue(memberInvite);
        const url = await link.inputValue();
        if (role === "member") memberInvite = url;
        else viewerInvite = url;
        await expect(members.getByRole("row", { name: new RegExp(`Anyone with the link ${role}`) })).toBeVisible();
      }
      expect(memberInvite).not.toBe(viewerInvite);
    });

    test("the member and the viewer join through their links", async ({ browser }) => {
      for (const [who, url] of [
        ["member", memberInvite],
        ["viewer", viewerInvite],
      ] as const) {
        const page = await (await context(browser)).newPage();
        await page.goto(url);
        await page.getByLabel("Name").fill(`Vic ${who}`);
        await page.getByLabel("Email").fill(`${who}@acme.example`);
        await page.getByLabel("Password").fill(`a long ${who} password`);
        await page.getByRole("button", { name: "Create account and join" }).click();
        await expect(page).toHaveURL(/\/w\/acme/);
        await expect(page.getByText(`Vic ${who} · ${who}`)).toBeVisible();
        await page.close();
      }
      await owner.goto("/w/acme/settings");
      await expect(owner.getByRole("cell", { name: "viewer@acme.example" })).toBeVisible();
      await expect(owner.getByRole("cell", { name: "member@acme.example" })).toBeVisible();
    });

    test("the owner saves the current view and shares it with a password and an expiry", async () => {
      await owner.goto("/w/acme?country=US&interval=30d&event=clicks");
      await owner.getByRole("button", { name: "Saved views" }).click();
      const views = owner.getByRole("region", { name: "Saved views" });
      await views.getByLabel("Name of the current view").fill("US, last 30 days");
      await views.getByLabel("Share with the workspace").check();
      await views.getByRole("button", { name: "Save view" }).click();
      await expect(views.getByRole("link", { name: "US, last 30 days" })).toHaveAttribute(
        "href",
        /\/w\/acme\?.*country=US/,
      );

      await owner.getByRole("button", { name: "Share" }).click();
      const share = owner.getByRole("region", { name: "Share this view" });
      await share.getByLabel("Link name").fill("For the agency");
      await share.getByLabel("Password (optional)").fill("agency password 2026");
      await share.getByLabel("Expires").selectOption("1");
      await share.getByRole("button", { name: "Create share link" }).click();
      const link = share.getByLabel("Share link", { exact: true });
      await expect(link).toHaveValue(/\/s\//);
      shareUrl = await link.inputValue();
    });

    test("a stranger opens the link with its password, tries to widen it, and finds it locked", async ({ browser }) => {
      const page = await (await context(browser)).newPage();
      await page.goto(shareUrl);
      await expect(page.getByRole("heading", { name: "“For the agency” is protected" })).toBeVisible();
      await page.getByLabel("Password").fill("wrong password");
      await page.getByRole("button", { name: "Open the shared view" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "password" })).toContainText("not this link's password");
      await page.getByLabel("Password").fill("agency password 2026");
      await page.getByRole("button", { name: "Open the shared view" }).click();

      const banner = page.getByRole("region", { name: "Shared link" });
      await expect(banner).toContainText("You are viewing a shared link");
      await expect(banner).toContainText("Locked: Country is United States");
      await expect(banner).toContainText("Export is off");
      await expect(page).toHaveURL(/country=US/);

      // Widening: the country filter dropped from the URL, another country, the whole history.
      const widened = new URL(page.url());
      widened.searchParams.delete("country");
      widened.searchParams.set("interval", "all");
      await page.goto(widened.toString());
      await expect(banner).toContainText("Locked: Country is United States");
      const token = new URL(shareUrl).pathname.split("/").at(-1);
      const countries = await page.request.get(`/api/s/${token}/analytics?groupBy=countries&interval=all`);
      expect(countries.status()).toBe(200);
      const rows = (await countries.json()) as { country: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.country)).toEqual(["US"]);
      expect((await page.request.get(`/api/s/${token}/events?country=FR`)).status()).toBe(403);
      expect((await page.request.get(`/api/s/${token}/export`)).status()).toBe(403);
      // The team's own API is closed to the link's holder.
      expect((await page.request.get("/api/w/acme/events")).status()).toBe(401);
      await page.close();

      await owner.goto("/w/acme/settings");
      await expect(
        owner.getByRole("region", { name: "Share links" }).getByRole("listitem", { name: "For the agency" }),
      ).toContainText(/[1-9]\d* opens? by [1-9]\d* visitors?/);
    });

    test("the viewer can neither export nor reveal IPs, nor share or manage", async ({ browser }) => {
      const page = await (await context(browser)).newPage();
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill("viewer@acme.example");
      await page.getByLabel("Password").fill("a long viewer password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/w\/acme/);
      await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Settings" })).toHaveCount(0);
      const exported = await page.request.get("/api/w/acme/export?interval=7d");
      expect(exported.status()).toBe(403);
      expect(((await exported.json()) as { error: { message: string } }).error.message).toMatch(
        /viewer.*may not export/,
      );
      const events = (await (await page.request.get("/api/w/acme/events?interval=7d&limit=20&revealIps=1")).json()) as {
        click: { ip: string };
      }[];
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event.click.ip).toContain("•••");
      await page.close();
    });

    test("single sign-on through the OIDC provider, joining with an invitation", async ({ browser }) => {
      await owner.goto("/w/acme/settings");
      const members = owner.getByRole("region", { name: "Invitations" });
      await members.getByLabel("Invite as").selectOption("member");
      await members.getByRole("button", { name: "Create invitation link" }).click();
      const link = members.getByLabel("Invitation link: joins as member");
      await expect(link).toHaveValue(/\/invite\//);
      const invite = await link.inputValue();

      const page = await (await context(browser)).newPage();
      await page.goto(invite);
      await page.getByRole("link", { name: "Sign in first" }).click();
      await page.getByRole("button", { name: "Sign in with Test IdP" }).click();
      // The provider's own (development) login and consent pages.
      await page.locator("input[name=login]").fill("sam");
      await page.locator("input[name=password]").fill("anything");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/invite\//);
      await expect(page.getByText("Signed in as sam@sso.example")).toBeVisible();
      await page.getByRole("button", { name: "Join the workspace" }).click();
      await expect(page).toHaveURL(/\/w\/acme/);
      await expect(page.getByText("SSO sam · member")).toBeVisible();
      await page.close();
    });
  });
