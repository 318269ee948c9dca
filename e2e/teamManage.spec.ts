import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { OWN_PLATFORM, startOwnDashboard, type OwnDashboard } from "./ownDashboard";
import { scrollTo } from "./fixtures";

/**
 * A team manages what it shares, from the page: a member lists, copies again, changes and revokes
 * the share links they made, and sees their opens by visitor (reloads are not opens); the owner
 * sees every link; changes to members, links and views ask first in a dialog; views show their
 * author and are updated with the current filters; a second workspace is added (slug suggested)
 * and the switcher keeps the range and filters; on a 390×844 phone every page fits and its
 * controls are usable. (Its own dashboard with sign-in, on the auth port, as e2e/team.spec.ts.)
 */

const PORT = Number(process.env.E2E_AUTH_APP_PORT ?? 3110);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PHONE = { width: 390, height: 844 };

let dashboard: OwnDashboard;

const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe
  .serial("a team manages its share links, members and views", () => {
    test.setTimeout(120_000);
    let owner: Page;
    let member: Page;
    let shareUrl = "";
    const contexts: BrowserContext[] = [];
    const context = async (browser: Browser) => {
      const made = await browser.newContext({ baseURL: ORIGIN });
      contexts.push(made);
      return made;
    };

    test.beforeAll(async () => {
      dashboard = startOwnDashboard({ port: PORT, name: "manage" });
    });

    test.afterAll(async () => {
      for (const made of contexts) await made.close();
      await dashboard?.stop();
    });

    test("the owner is created and a member joins", async ({ browser }) => {
      const setupPath = await dashboard.setupPath();
      const ownerContext = await context(browser);
      await ownerContext.grantPermissions(["clipboard-read", "clipboard-write"]);
      owner = await ownerContext.newPage();
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill("owner@acme.example");
      await owner.getByLabel("Password").fill("a long owner password");
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);

      await owner.goto("/w/acme/settings");
      const invitations = owner.getByRole("region", { name: "Invitations" });
      await invitations.getByLabel("Invite as").selectOption("member");
      await invitations.getByRole("button", { name: "Create invitation link" }).click();
      const inviteField = invitations.getByLabel("Invitation link: joins as member");
      await expect(inviteField).toHaveValue(/\/invite\//);
      const invite = await inviteField.inputValue();

      const memberContext = await context(browser);
      await memberContext.grantPermissions(["clipboard-read", "clipboard-write"]);
      member = await memberContext.newPage();
      await member.goto(invite);
      await member.getByLabel("Name").fill("Vic Member");
      await member.getByLabel("Email").fill("member@acme.example");
      await member.getByLabel("Password").fill("a long member password");
      await member.getByRole("button", { name: "Create account and join" }).click();
      await expect(member).toHaveURL(/\/w\/acme/);
    });

    test("the sole owner's role menu is off and says why; a role change asks first, and Cancel changes nothing", async () => {
      await owner.goto("/w/acme/settings");
      const own = owner.getByLabel("Role of owner@acme.example");
      await expect(own).toBeDisabled();
      await expect(own).toHaveAccessibleDescription(/A workspace keeps at least one owner/);

      await owner.getByLabel("Role of member@acme.example").selectOption("viewer");
      const dialog = owner.getByRole("dialog", { name: "Make Vic Member a viewer?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Viewers see the figures only");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(owner.getByLabel("Role of member@acme.example")).toHaveValue("member");
      await owner.reload();
      await expect(owner.getByLabel("Role of member@acme.example")).toHaveValue("member");
    });

    test("a member shares a view, copies the link, and finds it again under their share links", async () => {
      await member.goto("/w/acme?country=US,DE&interval=30d&event=clicks");
      await member.getByRole("button", { name: "Share" }).click();
      const share = member.getByRole("region", { name: "Share this view" });
      await share.getByLabel("Link name").fill("For the agency");
      await share.getByRole("button", { name: "Create share link" }).click();
      const link = share.getByLabel("Share link", { exact: true });
      await expect(link).toHaveValue(/\/s\//);
      shareUrl = await link.inputValue();
      await share.getByRole("button", { name: "Copy share link" }).click();
      await expect(share.getByText("Share link copied.")).toBeVisible();
      expect(await member.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

      await share.getByRole("link", { name: "Your share links" }).click();
      await expect(member).toHaveURL(/\/w\/acme\/shares/);
      const mine = member.getByRole("region", { name: "Your share links" });
      const item = mine.getByRole("listitem", { name: "For the agency" });
      await expect(item.getByLabel("Link of For the agency")).toHaveValue(shareUrl);
      await expect(item).toContainText("0 opens by 0 visitors");
    });

    test("opens are visits: one visitor reloading is one open, a second visitor another; visitors are listed", async ({
      browser,
    }) => {
      const first = await (await context(browser)).newPage();
      await first.goto(shareUrl);
      const banner = first.getByRole("region", { name: "Shared link" });
      await expect(banner).toContainText("Locked: Country is United States, Germany");
      for (let i = 0; i < 3; i++) {
        const counted = first.waitForResponse((r) => r.url().endsWith("/visit"));
        await first.reload();
        await counted;
      }
      const second = await (await context(browser)).newPage();
      const counted = second.waitForResponse((r) => r.url().endsWith("/visit"));
      await second.goto(shareUrl);
      await counted;

      await member.reload();
      const item = member
        .getByRole("region", { name: "Your share links" })
        .getByRole("listitem", { name: "For the agency" });
      await expect(item).toContainText("2 opens by 2 visitors");
      await item.getByRole("button", { name: "Visitors" }).click();
      const visitors = item.getByRole("table", { name: "Visitors" });
      await expect(visitors.getByRole("row")).toHaveCount(3);
      await expect(visitors.getByRole("row", { name: /Visitor 1 1/ })).toBeVisible();
      await expect(visitors.getByRole("row", { name: /Visitor 2 1/ })).toBeVisible();
    });

    test("the open is recorded by the link's HTML itself: with the page's scripts blocked, the visit is still counted and the figures are there", async ({
      browser,
    }) => {
      const visitor = await (await context(browser)).newPage();
      // Next's scripts never load, so the page never hydrates: only what the HTML carries runs.
      await visitor.route("**/_next/static/**/*.js", (route) => route.abort());
      const counted = visitor.waitForResponse((r) => r.url().endsWith("/visit"));
      await visitor.goto(shareUrl);
      expect((await counted).status()).toBe(200);
      const figures = visitor.getByRole("group", { name: "Key figures", exact: true });
      await expect(figures.getByRole("group", { name: "Clicks", exact: true }).locator("[data-kpi-value]")).toHaveText(
        /^[1-9][\d,]*$/,
      );

      await member.reload();
      const item = member
        .getByRole("region", { name: "Your share links" })
        .getByRole("listitem", { name: "For the agency" });
      await expect(item).toContainText("3 opens by 3 visitors");
    });

    test("the link's bare address shows its view in place: no redirect, the figures in its HTML, the address then holding the view", async ({
      browser,
    }) => {
      const bare = new URL(shareUrl);
      expect(bare.search).toBe("");
      // As served: the view itself (its lock, its figures), not a redirect to it.
      const served = await member.request.get(shareUrl, { maxRedirects: 0 });
      expect(served.status()).toBe(200);
      const html = await served.text();
      expect(html).toContain("Country is United States, Germany");
      expect(html).toMatch(/data-kpi-value="[^"]*">[1-9][\d,]*</);

      const visitor = await (await context(browser)).newPage();
      // The page hydrates what the server rendered at the link's view (React reports a mismatch as an error).
      const errors: string[] = [];
      visitor.on("pageerror", (error) => errors.push(error.message));
      visitor.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
      const counted = visitor.waitForResponse((r) => r.url().endsWith("/visit"));
      const opened = await visitor.goto(shareUrl);
      expect(opened?.status()).toBe(200);
      expect(opened?.request().redirectedFrom()).toBeNull();
      expect((await counted).status()).toBe(200);
      // The address holds the whole view, written as the page's own changes write it.
      await expect(visitor).toHaveURL(
        new RegExp(`^${bare.origin}${bare.pathname}\\?(?=.*country=US,DE)(?=.*interval=30d)(?=.*event=clicks)`),
      );
      const figures = visitor.getByRole("group", { name: "Key figures", exact: true });
      await expect(figures.getByRole("group", { name: "Clicks", exact: true }).locator("[data-kpi-value]")).toHaveText(
        /^[1-9][\d,]*$/,
      );
      await expect(visitor.getByRole("group", { name: "Active filters" })).toContainText("locked by the link");

      // The page's own changes work from there, and keep the lock's filters in the address.
      await visitor.getByRole("button", { name: /^Date range:/ }).click();
      await visitor
        .getByRole("menu", { name: "Date presets" })
        .getByRole("menuitemradio", { name: /Last 7 days/ })
        .click();
      await expect(visitor).toHaveURL(/\?(?=.*interval=7d)(?=.*country=US,DE)/);
      // Back returns to the view the link opened at, never to the bare address.
      await visitor.goBack();
      await expect(visitor).toHaveURL(/\?(?=.*interval=30d)(?=.*country=US,DE)/);
      await expect(figures.getByRole("group", { name: "Clicks", exact: true }).locator("[data-kpi-value]")).toHaveText(
        /^[1-9][\d,]*$/,
      );
      expect(errors).toEqual([]);
    });

    test("its creator adds a password and changes the expiry in a dialog; the link then asks for it", async ({
      browser,
    }) => {
      const item = member
        .getByRole("region", { name: "Your share links" })
        .getByRole("listitem", { name: "For the agency" });
      await item.getByRole("button", { name: "Change For the agency" }).click();
      const dialog = member.getByRole("dialog", { name: "Change “For the agency”" });
      await dialog.getByRole("combobox", { name: /^Password/ }).selectOption("set");
      await dialog.getByLabel("New password").fill("agency password 2026");
      await dialog.getByLabel("Expiry").selectOption("30");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog).toBeHidden();
      await expect(item).toContainText(/· password · expires /);

      const stranger = await (await context(browser)).newPage();
      await stranger.goto(shareUrl);
      await expect(stranger.getByRole("heading", { name: "“For the agency” is protected" })).toBeVisible();
    });

    test("the owner sees every link with its author, and revokes one after confirming", async () => {
      await owner.goto("/w/acme/settings");
      const links = owner.getByRole("region", { name: "Share links" });
      const item = links.getByRole("listitem", { name: "For the agency" });
      await expect(item).toContainText("by Vic Member");
      await expect(item.getByLabel("Link of For the agency")).toHaveCount(0);
      await item.getByRole("button", { name: "Revoke For the agency" }).click();
      const dialog = owner.getByRole("dialog", { name: "Revoke “For the agency”?" });
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await owner.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(item).not.toContainText("revoked");
      await item.getByRole("button", { name: "Revoke For the agency" }).click();
      await dialog.getByRole("button", { name: "Revoke the link" }).click();
      await expect(item).toContainText("revoked");
      await owner.goto(shareUrl);
      await expect(owner.getByText("This shared link has been revoked.")).toBeVisible();
    });

    test("views show their author; a member is told who sets the default; a view is updated with the current filters", async () => {
      await owner.goto("/w/acme?country=US&interval=7d");
      await owner.getByRole("button", { name: "Saved views" }).click();
      let views = owner.getByRole("region", { name: "Saved views" });
      await views.getByLabel("Name of the current view").fill("US this week");
      await views.getByLabel("Share with the workspace").check();
      await views.getByRole("button", { name: "Save view" }).click();
      await expect(views.getByText("by you")).toBeVisible();

      await member.goto("/w/acme?country=FR&interval=90d");
      await member.getByRole("button", { name: "Saved views" }).click();
      views = member.getByRole("region", { name: "Saved views" });
      await expect(views.getByText("by Olivia Owner")).toBeVisible();
      await expect(views.getByText("Only an owner of the workspace can make a shared view its default")).toBeVisible();
      await expect(views.getByRole("button", { name: "Update US this week with current filters" })).toHaveCount(0);

      await owner.goto("/w/acme?country=DE&interval=30d");
      await owner.getByRole("button", { name: "Saved views" }).click();
      views = owner.getByRole("region", { name: "Saved views" });
      await views.getByRole("button", { name: "Update US this week with current filters" }).click();
      await owner
        .getByRole("dialog", { name: "Update “US this week”?" })
        .getByRole("button", { name: "Update the view" })
        .click();
      await expect(views.getByRole("link", { name: "US this week" })).toHaveAttribute(
        "href",
        /country=DE.*interval=30d|interval=30d.*country=DE/,
      );

      await views.getByRole("button", { name: "Rename US this week" }).click();
      const rename = owner.getByRole("dialog", { name: "Rename “US this week”" });
      await rename.getByLabel("New name").fill("Germany, 30 days");
      await rename.getByRole("button", { name: "Rename" }).click();
      await expect(views.getByRole("link", { name: "Germany, 30 days" })).toBeVisible();
    });

    test("a second workspace: the slug is suggested from its name; the switcher keeps the range and filters", async () => {
      await owner.goto("/w/acme/settings");
      const add = owner.getByRole("region", { name: "Add a workspace" });
      await add.getByLabel("Workspace name").fill("Globex Corp.");
      await expect(add.getByLabel("Slug")).toHaveValue("globex-corp");
      // The pattern compiles in Chromium: an invalid slug is refused by the browser itself.
      await add.getByLabel("Slug").fill("Globex!");
      expect(await add.getByLabel("Slug").evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(
        true,
      );
      await add.getByLabel("Slug").fill("globex-corp");
      expect(await add.getByLabel("Slug").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
      await add.getByLabel("Platform base URL").fill("ftp://nowhere.example");
      await add.getByLabel("API key").fill("demo_advanced_key");
      await add.getByRole("button", { name: "Add workspace" }).click();
      await expect(add.getByRole("alert")).toContainText("The platform base URL must start with https://");
      await expect(add.getByRole("alert")).not.toContainText("LINK_API");
      await add.getByLabel("Platform base URL").fill(OWN_PLATFORM);
      await add.getByRole("button", { name: "Add workspace" }).click();
      await expect(owner).toHaveURL(/\/w\/globex-corp/);

      await owner.goto("/w/globex-corp?interval=30d&country=US&timezone=UTC");
      await owner
        .getByRole("banner")
        .getByRole("combobox", { name: /^Workspace/ })
        .selectOption("acme");
      await expect(owner).toHaveURL(/\/w\/acme\?.*interval=30d/);
      expect(new URL(owner.url()).searchParams.get("country")).toBe("US");
    });

    test("on a phone: every workspace page fits, the switcher names the workspace, Settings and Sign out are on screen, role menus are usable", async () => {
      await owner.setViewportSize(PHONE);
      for (const path of ["/w/acme?interval=30d", "/w/acme/settings", "/w/acme/shares", "/w/globex-corp"]) {
        await owner.goto(path);
        await expect(owner.getByRole("main")).toBeVisible();
        const header = owner.getByRole("banner");
        for (const control of [
          header.getByRole("link", { name: "Settings" }),
          header.getByRole("button", { name: "Sign out" }),
        ]) {
          await expect(control, path).toBeInViewport({ ratio: 1 });
        }
        const switcher = header.getByRole("combobox", { name: /^Workspace/ });
        await expect(switcher, path).toBeInViewport({ ratio: 1 });
        expect((await switcher.boundingBox())?.width ?? 0, `${path}: the switcher shows a name`).toBeGreaterThanOrEqual(
          100,
        );
        expect(await documentWidth(owner), path).toBeLessThanOrEqual(PHONE.width);
      }
      await owner.goto("/w/acme/settings");
      const role = owner.getByLabel("Role of member@acme.example");
      await scrollTo(role);
      // Whole but for a sub-pixel of the scrolled box edge.
      await expect(role).toBeInViewport({ ratio: 0.95 });
      expect((await role.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(100);
      await role.selectOption("viewer");
      await expect(owner.getByRole("dialog", { name: "Make Vic Member a viewer?" })).toBeInViewport();
      await owner.getByRole("button", { name: "Make viewer" }).click();
      await expect(owner.getByRole("status").filter({ hasText: "Vic Member is now a viewer." })).toBeVisible();
      expect(await documentWidth(owner)).toBeLessThanOrEqual(PHONE.width);

      await member.setViewportSize(PHONE);
      await member.goto("/w/acme");
      await expect(member.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
      expect(await documentWidth(member)).toBeLessThanOrEqual(PHONE.width);
    });
  });
