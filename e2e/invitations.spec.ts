import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../lib/mail/testing/smtpSink";
import { startOwnDashboard, type OwnDashboard } from "./ownDashboard";

/**
 * Invitations by email, on a dashboard with sign-in and a real SMTP server on loopback: the owner
 * invites an address with a role → the mail names workspace, role and inviter → sent again, the
 * old link says it was replaced → the invitee joins → the used link says so before any form → a
 * revoked invitation says so → the owner reads it all in the activity log.
 */

const PORT = Number(process.env.E2E_INVITE_APP_PORT ?? Number(process.env.E2E_AUTH_APP_PORT ?? 3110) + 6);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = "a long owner password";

let dashboard: OwnDashboard;
let sink: SmtpSink;

const linkTo = (address: string, after = 0) =>
  sink
    .waitFor((m) => sink.messages.indexOf(m) >= after && JSON.stringify(m.to).includes(address))
    .then((m) => ({ mail: m, path: /\/invite\/[\w-]+/.exec(m.text ?? "")?.[0] ?? "" }));

test.describe
  .serial("invitations by email", () => {
    test.setTimeout(120_000);
    let owner: Page;
    const contexts: BrowserContext[] = [];
    const stranger = async (browser: Browser) => {
      const made = await browser.newContext({ baseURL: ORIGIN });
      contexts.push(made);
      return made.newPage();
    };

    test.beforeAll(async () => {
      sink = await startSmtpSink();
      dashboard = startOwnDashboard({
        port: PORT,
        name: "invite",
        env: {
          SMTP_URL: sink.url,
          MAIL_FROM: "Linklens <team@acme.example>",
        },
      });
    });

    test.afterAll(async () => {
      for (const made of contexts) await made.close();
      await dashboard?.stop();
      await sink?.close();
    });

    test("the owner invites an address, with the role said in words, and sends it again", async ({ browser }) => {
      const setupPath = await dashboard.setupPath();
      owner = await stranger(browser);
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill("owner@acme.example");
      await owner.getByLabel("Password").fill(PASSWORD);
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);

      await owner.goto("/w/acme/settings");
      const invitations = owner.getByRole("region", { name: "Invitations" });
      await invitations.getByLabel("Invite as").selectOption("viewer");
      await expect(
        invitations.getByText("A viewer sees the workspace's figures and shared views; no export."),
      ).toBeVisible();
      await invitations.getByLabel(/^Email/).fill("nina@acme.example");
      await invitations.getByRole("button", { name: "Send invitation" }).click();
      await expect(invitations.getByRole("status")).toHaveText("Invitation sent to nina@acme.example.");
      await expect(invitations.getByLabel(/Invitation link: joins as viewer, for nina@acme\.example only/)).toHaveValue(
        /\/invite\//,
      );

      const first = await linkTo("nina@acme.example");
      expect(first.mail.subject).toBe("Olivia Owner invites you to Acme on Linklens");
      const before = sink.messages.length;
      await invitations
        .getByRole("row", { name: /nina@acme\.example viewer/ })
        .getByRole("button", { name: "Send again" })
        .click();
      await expect(invitations.getByRole("status")).toContainText("Sent again to nina@acme.example");
      const second = await linkTo("nina@acme.example", before);
      expect(second.path).not.toBe(first.path);

      const replaced = await stranger(browser);
      await replaced.goto(first.path);
      await expect(replaced.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
      await expect(replaced.getByRole("main").getByRole("alert")).toContainText("a newer email replaced it");
      await expect(replaced.getByLabel("Password")).toHaveCount(0);
    });

    test("the invitee sees workspace, role and inviter, joins, and the used link says so", async ({ browser }) => {
      const { path } = await linkTo("nina@acme.example", sink.messages.length - 1);
      const page = await stranger(browser);
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Join Acme on Linklens" })).toBeVisible();
      await expect(
        page.getByText(
          "Olivia Owner invites you to the workspace Acme as viewer: sees the workspace's figures and shared views; no export.",
        ),
      ).toBeVisible();
      await expect(page.getByText(/For nina@acme\.example only/)).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue("nina@acme.example");
      await page.getByLabel("Name").fill("Nina");
      await page.getByLabel("Password").fill("a long viewer password");
      await page.getByRole("button", { name: "Create account and join" }).click();
      await expect(page).toHaveURL(/\/w\/acme/);
      await expect(page.getByText("Nina · viewer")).toBeVisible();

      const again = await stranger(browser);
      await again.goto(path);
      await expect(again.getByRole("main").getByRole("alert")).toContainText("already been used");
      await expect(again.getByLabel("Password")).toHaveCount(0);
    });

    test("a revoked invitation says so; the activity log shows who did what", async ({ browser }) => {
      await owner.goto("/w/acme/settings");
      const invitations = owner.getByRole("region", { name: "Invitations" });
      await invitations.getByLabel("Invite as").selectOption("member");
      await invitations.getByLabel(/^Email/).fill("omar@acme.example");
      await invitations.getByRole("button", { name: "Send invitation" }).click();
      const { path } = await linkTo("omar@acme.example");
      await invitations.getByRole("button", { name: "Revoke the invitation for omar@acme.example" }).click();
      await expect(invitations.getByRole("status")).toHaveText("Invitation revoked: its link now says so.");
      const page = await stranger(browser);
      await page.goto(path);
      await expect(page.getByRole("main").getByRole("alert")).toContainText("withdrawn");

      await owner.getByRole("link", { name: "Activity log" }).click();
      await expect(owner).toHaveURL(/\/w\/acme\/activity/);
      const table = owner.getByRole("table");
      await expect(table.getByRole("row", { name: /nina@acme\.example Invitation accepted as viewer/ })).toBeVisible();
      await expect(
        table.getByRole("row", { name: /owner@acme\.example Invitation revoked omar@acme\.example as member/ }),
      ).toBeVisible();
      await owner.getByLabel("What").selectOption({ label: "Invitation sent again" });
      await owner.getByRole("button", { name: "Apply" }).click();
      await expect(owner).toHaveURL(/action=invitation\.resent/);
      await expect(table.getByRole("row")).toHaveCount(2);
      await expect(owner.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
        "href",
        /\/api\/w\/acme\/activity\?action=invitation\.resent&format=csv/,
      );
    });
  });
