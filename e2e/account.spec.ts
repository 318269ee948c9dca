import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { totpCode } from "../lib/auth/testing/totp";
import { OWN_PLATFORM, startOwnDashboard, type OwnDashboard } from "./ownDashboard";

/**
 * A team's account basics, from the page: the owner hands a workspace to a member (after a
 * confirmation) and leaves it; the new sole owner is told why they cannot leave and what to do;
 * an owner deletes a workspace by typing its name (its share link then says so, and the owner
 * lands on the "no workspace yet" page); a member turns on two-factor sign-in with the QR code's
 * key and is asked for a code at their next sign-in. Codes are computed for the current instant
 * (otpauth), never waited for. Its own dashboard with sign-in on its own port.
 */

const PORT = Number(process.env.E2E_ACCOUNT_APP_PORT ?? 3118);
const ORIGIN = `http://127.0.0.1:${PORT}`;

let dashboard: OwnDashboard;

test.describe
  .serial("leaving, handing over and deleting workspaces; two-factor sign-in", () => {
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
      dashboard = startOwnDashboard({ port: PORT, name: "account" });
    });

    test.afterAll(async () => {
      for (const made of contexts) await made.close();
      await dashboard?.stop();
    });

    test("the owner is created, adds a second workspace, and a member joins the first", async ({ browser }) => {
      const setupPath = await dashboard.setupPath();
      owner = await (await context(browser)).newPage();
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill("owner@acme.example");
      await owner.getByLabel("Password").fill("a long owner password");
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);

      await owner.goto("/w/acme/settings");
      const add = owner.getByRole("region", { name: "Add a workspace" });
      await add.getByLabel("Workspace name").fill("Initech");
      await add.getByLabel("Platform base URL").fill(OWN_PLATFORM);
      await add.getByLabel("API key").fill("demo_advanced_key");
      await add.getByRole("button", { name: "Add workspace" }).click();
      await expect(owner).toHaveURL(/\/w\/initech/);

      await owner.goto("/w/acme/settings");
      const invitations = owner.getByRole("region", { name: "Invitations" });
      await invitations.getByLabel("Invite as").selectOption("member");
      await invitations.getByRole("button", { name: "Create invitation link" }).click();
      const inviteField = invitations.getByLabel("Invitation link: joins as member");
      await expect(inviteField).toHaveValue(/\/invite\//);
      const invite = await inviteField.inputValue();

      member = await (await context(browser)).newPage();
      await member.goto(invite);
      await member.getByLabel("Name").fill("Vic Member");
      await member.getByLabel("Email").fill("member@acme.example");
      await member.getByLabel("Password").fill("a long member password");
      await member.getByRole("button", { name: "Create account and join" }).click();
      await expect(member).toHaveURL(/\/w\/acme/);
    });

    test("the owner hands Acme to the member after a confirmation, and becomes a member", async () => {
      await owner.goto("/w/acme/settings");
      await owner.getByRole("button", { name: "Transfer ownership to Vic Member" }).click();
      const dialog = owner.getByRole("dialog", { name: "Transfer ownership to Vic Member?" });
      await expect(dialog).toContainText("you become a member");
      await dialog.getByRole("button", { name: "Transfer ownership" }).click();
      await expect(owner).toHaveURL(/\/w\/acme(\?|$)/);
      await expect(owner.getByRole("banner").getByRole("link", { name: "Settings" })).toHaveCount(0);
      await member.goto("/w/acme/settings");
      await expect(member.getByLabel("Role of owner@acme.example")).toHaveValue("member");
    });

    test("the sole owner cannot leave and is told what to do; a member leaves and lands on their other workspace", async () => {
      await member.goto("/account");
      await member.getByRole("button", { name: "Leave Acme" }).click();
      const refused = member.getByRole("dialog", { name: "Leave Acme?" });
      await refused.getByRole("button", { name: "Leave workspace" }).click();
      await expect(refused.getByRole("alert")).toContainText("only owner");
      await expect(refused.getByRole("alert")).toContainText("make another member its owner first");
      await refused.getByRole("button", { name: "Cancel" }).click();

      await owner.getByRole("banner").getByRole("link", { name: "Account" }).click();
      await expect(owner).toHaveURL(/\/account$/);
      await owner.getByRole("button", { name: "Leave Acme" }).click();
      await owner.getByRole("dialog", { name: "Leave Acme?" }).getByRole("button", { name: "Leave workspace" }).click();
      await expect(owner).toHaveURL(/\/w\/initech/);
      await owner.goto("/w/acme");
      await expect(owner.getByRole("heading", { name: "You do not have access to this workspace" })).toBeVisible();
    });

    test("the owner deletes Initech by typing its name; its share link says so, and the owner has no workspace left", async ({
      browser,
    }) => {
      await owner.goto("/w/initech?interval=7d");
      await owner.getByRole("button", { name: "Share" }).click();
      const share = owner.getByRole("region", { name: "Share this view" });
      await share.getByLabel("Link name").fill("For the board");
      await share.getByRole("button", { name: "Create share link" }).click();
      await expect(share.getByLabel("Share link", { exact: true })).toHaveValue(/\/s\//);
      shareUrl = await share.getByLabel("Share link", { exact: true }).inputValue();

      await owner.goto("/w/initech/settings");
      await owner.getByRole("button", { name: "Delete workspace…" }).click();
      const dialog = owner.getByRole("dialog", { name: "Delete Initech?" });
      await dialog.getByLabel("Name of the workspace to delete").fill("initech");
      await dialog.getByRole("button", { name: "Delete workspace" }).click();
      await expect(dialog.getByRole("alert")).toContainText("Type the workspace's name, Initech");
      await dialog.getByLabel("Name of the workspace to delete").fill("Initech");
      await dialog.getByRole("button", { name: "Delete workspace" }).click();
      await expect(owner).toHaveURL(/\/welcome$/);
      await expect(owner.getByRole("heading", { name: "No workspace yet" })).toBeVisible();

      const visitor = await (await context(browser)).newPage();
      await visitor.goto(shareUrl);
      await expect(visitor.getByText("This shared link no longer works: its workspace was deleted.")).toBeVisible();
    });

    test("the member turns on two-factor sign-in and is asked for a code at the next sign-in", async () => {
      await member.goto("/account");
      const panel = member.getByRole("region", { name: "Two-factor sign-in" });
      await panel.getByLabel("Password").fill("a long member password");
      await panel.getByRole("button", { name: "Set up two-factor" }).click();
      await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      await expect(panel.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
      const uri =
        (await panel.getByRole("link", { name: "open it in an app on this device" }).getAttribute("href")) ?? "";
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      await panel.getByLabel("Code from your app").fill("000000");
      await panel.getByRole("button", { name: "Turn on" }).click();
      await expect(panel.getByRole("alert")).toContainText("wrong or has expired");
      await panel.getByLabel("Code from your app").fill(totpCode(uri, Date.now()));
      await panel.getByRole("button", { name: "Turn on" }).click();
      await expect(panel.getByRole("status")).toContainText("Two-factor sign-in is on");

      await member.getByRole("button", { name: "Sign out" }).click();
      await expect(member).toHaveURL(/\/sign-in/);
      await member.getByLabel("Email").fill("member@acme.example");
      await member.getByLabel("Password").fill("a long member password");
      await member.getByRole("button", { name: "Sign in" }).click();
      const step = member.getByRole("form", { name: "Two-factor sign-in" });
      await step.getByLabel("Authentication code").fill(totpCode(uri, Date.now()));
      await step.getByRole("button", { name: "Verify" }).click();
      await expect(member).toHaveURL(/\/w\/acme/);
      await expect(member.getByRole("banner").getByRole("link", { name: "Settings" })).toBeVisible();
    });
  });
