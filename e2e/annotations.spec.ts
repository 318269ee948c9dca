import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startOwnDashboard, type OwnDashboard } from "./ownDashboard";

/**
 * Notes on the charts, on a dashboard with sign-in (its own instance on the auth port, as
 * e2e/team.spec.ts): a member adds "Launched spring campaign" to a day of the view → a marker on
 * the time series shows it on focus, and the table view lists it → a viewer sees it, read-only →
 * a share link of the view shows it too → its author edits it, and deletes it.
 */

const PORT = Number(process.env.E2E_AUTH_APP_PORT ?? 3110);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const VIEW = "/w/acme?interval=30d&event=clicks&timezone=UTC";

let dashboard: OwnDashboard;

/** A day well inside the last 30 days, as the date field takes it. */
const DAY = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);

test.describe
  .serial("notes on the charts", () => {
    test.setTimeout(120_000);
    let owner: Page;
    let member: Page;
    let viewer: Page;
    const contexts: BrowserContext[] = [];
    const context = async (browser: Browser) => {
      const made = await browser.newContext({ baseURL: ORIGIN });
      contexts.push(made);
      return made;
    };
    const joinAs = async (browser: Browser, role: "member" | "viewer", email: string) => {
      await owner.goto("/w/acme/settings");
      const invitations = owner.getByRole("region", { name: "Invitations" });
      await invitations.getByLabel("Invite as").selectOption(role);
      await invitations.getByRole("button", { name: "Create invitation link" }).click();
      const field = invitations.getByLabel(`Invitation link: joins as ${role}`);
      await expect(field).toHaveValue(/\/invite\//);
      const page = await (await context(browser)).newPage();
      await page.goto(await field.inputValue());
      await page.getByLabel("Name").fill(role === "member" ? "Mia Member" : "Val Viewer");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(`a long ${role} password`);
      await page.getByRole("button", { name: "Create account and join" }).click();
      await expect(page).toHaveURL(/\/w\/acme/);
      return page;
    };
    const notes = (page: Page) => page.getByRole("region", { name: "Notes on this chart" });

    test.beforeAll(async () => {
      dashboard = startOwnDashboard({ port: PORT, name: "notes" });
    });

    test.afterAll(async () => {
      for (const made of contexts) await made.close();
      await dashboard?.stop();
    });

    test("the owner is created; a member and a viewer join", async ({ browser }) => {
      const setupPath = await dashboard.setupPath();
      owner = await (await context(browser)).newPage();
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill("owner@acme.example");
      await owner.getByLabel("Password").fill("a long owner password");
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);
      member = await joinAs(browser, "member", "member@acme.example");
      viewer = await joinAs(browser, "viewer", "viewer@acme.example");
    });

    test("a member adds a note; the chart marks it, on focus it reads, and the table view lists it", async () => {
      await member.goto(VIEW);
      const list = notes(member);
      await expect(list.getByText("No notes in this period.")).toBeVisible({ timeout: 30_000 });
      await list.getByText("Add a note").click();
      await list.getByLabel("Day").fill(DAY);
      await list.getByLabel("Note").fill("Launched spring campaign");
      await list.getByRole("button", { name: "Add note" }).click();
      await expect(list.getByRole("listitem").filter({ hasText: "Launched spring campaign" })).toContainText(
        "Mia Member",
      );

      const chart = member.getByRole("figure", { name: "Clicks over time" });
      const marker = chart.getByRole("note", { name: /Launched spring campaign \(Mia Member\)/ });
      await expect(marker).toHaveCount(1);
      await marker.focus();
      await expect(chart.getByText(/: Launched spring campaign \(Mia Member\)/)).toBeVisible();

      await member.getByRole("button", { name: "Show as table, over time" }).click();
      const table = chart.getByRole("table");
      await expect(table.getByRole("columnheader", { name: "Notes" })).toBeVisible();
      await expect(table.getByRole("row").filter({ hasText: "Launched spring campaign" })).toHaveCount(1);
    });

    test("a viewer sees the note, and can neither add nor change one", async () => {
      await viewer.goto(VIEW);
      const list = notes(viewer);
      await expect(list.getByRole("listitem").filter({ hasText: "Launched spring campaign" })).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        viewer
          .getByRole("figure", { name: "Clicks over time" })
          .getByRole("note", { name: /Launched spring campaign/ }),
      ).toHaveCount(1);
      await expect(list.getByText("Add a note")).toHaveCount(0);
      await expect(list.getByRole("button", { name: /Edit the note/ })).toHaveCount(0);
      // Nor download the view: viewers do not export.
      await expect(viewer.getByRole("button", { name: "Download view" })).toBeDisabled();
    });

    test("a share link of the view shows the note, read-only", async ({ browser }) => {
      await member.goto(VIEW);
      await member.getByRole("button", { name: "Share" }).click();
      const share = member.getByRole("region", { name: "Share this view" });
      await share.getByLabel("Link name").fill("For the agency");
      await share.getByRole("button", { name: "Create share link" }).click();
      const link = share.getByLabel("Share link", { exact: true });
      await expect(link).toHaveValue(/\/s\//);
      const stranger = await (await context(browser)).newPage();
      await stranger.goto(await link.inputValue());
      const list = notes(stranger);
      await expect(list.getByRole("listitem").filter({ hasText: "Launched spring campaign" })).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        stranger
          .getByRole("figure", { name: "Clicks over time" })
          .getByRole("note", { name: /Launched spring campaign/ }),
      ).toHaveCount(1);
      await expect(list.getByText("Add a note")).toHaveCount(0);
      await expect(list.getByRole("button", { name: /Edit the note/ })).toHaveCount(0);
      // The link's creator did not allow export: no ZIP of the view either.
      await expect(stranger.getByRole("button", { name: "Download view" })).toBeDisabled();
    });

    test("its author edits it, then deletes it after confirming", async () => {
      await member.goto(VIEW);
      const list = notes(member);
      await list.getByRole("button", { name: "Edit the note “Launched spring campaign”" }).click();
      await list.getByRole("listitem").getByLabel("Note").fill("Launched spring campaign (EU)");
      await list.getByRole("button", { name: "Save note" }).click();
      await expect(list.getByRole("listitem").filter({ hasText: "Launched spring campaign (EU)" })).toBeVisible();

      await list.getByRole("button", { name: "Delete the note “Launched spring campaign (EU)”" }).click();
      const dialog = member.getByRole("dialog", { name: "Delete this note?" });
      await dialog.getByRole("button", { name: "Delete note" }).click();
      await expect(list.getByText("No notes in this period.")).toBeVisible();
      await expect(member.getByRole("figure", { name: "Clicks over time" }).getByRole("note")).toHaveCount(0);
    });
  });
