import { expect, test, type Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../lib/mail/testing/smtpSink";
import { startOwnDashboard, type OwnDashboard } from "./ownDashboard";

/**
 * Reports and alerts from a view, on a dashboard with sign-in and mail (its own instance on its
 * own port, a real SMTP server on loopback): the owner opens a view, goes to "Reports & alerts",
 * creates a weekly report of that view and sends a preview, which arrives; then an alert on it.
 */

const PORT = Number(
  process.env.E2E_REPORTS_APP_PORT ??
    (process.env.E2E_AUTH_APP_PORT ? Number(process.env.E2E_AUTH_APP_PORT) + 6 : 3116),
);
const ORIGIN = `http://127.0.0.1:${PORT}`;

let dashboard: OwnDashboard;
let sink: SmtpSink;

test.describe
  .serial("reports and alerts from a view", () => {
    test.setTimeout(120_000);
    let owner: Page;

    test.beforeAll(async () => {
      sink = await startSmtpSink();
      dashboard = startOwnDashboard({
        port: PORT,
        name: "reports",
        env: {
          SMTP_URL: sink.url,
          MAIL_FROM: "Linklens <reports@acme.example>",
        },
      });
    });

    test.afterAll(async () => {
      await dashboard?.stop();
      await sink?.close();
    });

    test("the owner makes a weekly report of the view on screen and a preview arrives", async ({ browser }) => {
      const setupPath = await dashboard.setupPath();
      owner = await (await browser.newContext({ baseURL: ORIGIN })).newPage();
      await owner.goto(setupPath);
      await owner.getByLabel("Name").fill("Olivia Owner");
      await owner.getByLabel("Email").fill("owner@acme.example");
      await owner.getByLabel("Password").fill("a long owner password");
      await owner.getByRole("button", { name: "Create the owner account" }).click();
      await expect(owner).toHaveURL(/\/w\/acme/);

      await owner.goto("/w/acme?interval=30d&timezone=UTC&country=US");
      await owner.getByRole("banner").getByRole("link", { name: "Reports & alerts" }).click();
      await expect(owner).toHaveURL(/\/w\/acme\/reports\?view=/);
      const form = owner.getByRole("form", { name: "New report or alert" });
      await expect(form.getByLabel("View")).toHaveValue("?interval=30d&timezone=UTC&country=US");
      await form.getByLabel("Name", { exact: true }).fill("US weekly");
      await form.getByLabel(/^Frequency/).selectOption("weekly");
      await form.getByLabel(/^Day of the week/).selectOption("Monday");
      await form.getByLabel("Hour", { exact: true }).fill("8");
      await form.getByLabel("Time zone", { exact: true }).fill("Europe/Berlin");
      await form.getByRole("button", { name: "Create" }).click();
      await expect(owner.getByRole("status")).toHaveText("Created “US weekly”.");
      const report = owner.getByRole("listitem", { name: "US weekly" });
      await expect(report).toContainText("Weekly on Monday at 08:00 (Europe/Berlin)");
      await expect(report).toContainText("1 recipient");

      await report.getByRole("button", { name: "Send now" }).click();
      await expect(owner.getByRole("status")).toHaveText("Sent a preview of “US weekly” to your address.");
      const mail = await sink.waitFor((m) => m.subject === "US weekly");
      expect((mail.to as { text: string }).text).toBe("owner@acme.example");
      expect(mail.text).toContain(`Open in Linklens: ${ORIGIN}/w/acme?interval=30d&timezone=UTC&country=US`);
      expect(mail.attachments.some((a) => a.contentType === "image/png")).toBe(true);
      await report.getByText("History").click();
      await expect(report).toContainText("preview · sent · Sent: mail to owner@acme.example.");
    });

    test("the owner makes a drop alert on the same view", async () => {
      const form = owner.getByRole("form", { name: "New report or alert" });
      await form.getByLabel("Alert", { exact: true }).check();
      await form.getByLabel("Name", { exact: true }).fill("US clicks halved");
      await form.getByLabel(/^Metric/).selectOption("clicks");
      await form.getByLabel(/^Condition/).selectOption("change");
      await form.getByLabel("Percent", { exact: true }).fill("50");
      await form.getByLabel(/^Direction/).selectOption("down");
      await form.getByLabel(/^Check/).selectOption("15");
      await form.getByRole("button", { name: "Create" }).click();
      await expect(owner.getByRole("status")).toHaveText("Created “US clicks halved”.");
      const alert = owner.getByRole("listitem", { name: "US clicks halved" });
      await expect(alert).toContainText("Clicks down 50 % or more against the previous period · Every 15 minutes");
      await alert.getByRole("button", { name: "Pause" }).click();
      await expect(alert).toContainText("paused");
    });

    test("the owner moves the weekly report to Tuesdays at 10 and raises the alert's bar, in the page", async () => {
      const report = owner.getByRole("listitem", { name: "US weekly" });
      await report.getByRole("button", { name: "Edit" }).click();
      const form = report.getByRole("form", { name: "Change “US weekly”" });
      await expect(form.getByLabel("Hour", { exact: true })).toHaveValue("8");
      await form.getByLabel(/^Day of the week/).selectOption("Tuesday");
      await form.getByLabel("Hour", { exact: true }).fill("10");
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(owner.getByRole("status")).toHaveText("Saved “US weekly”.");
      await expect(report).toContainText("Weekly on Tuesday at 10:00 (Europe/Berlin)");
      await expect(report).toContainText("1 recipient");

      const alert = owner.getByRole("listitem", { name: "US clicks halved" });
      await alert.getByRole("button", { name: "Edit" }).click();
      const alertForm = alert.getByRole("form", { name: "Change “US clicks halved”" });
      await expect(alertForm.getByLabel("Percent", { exact: true })).toHaveValue("50");
      await alertForm.getByLabel("Percent", { exact: true }).fill("30");
      await alertForm.getByRole("button", { name: "Save changes" }).click();
      await expect(alert).toContainText("Clicks down 30 % or more against the previous period · Every 15 minutes");
      await expect(alert).toContainText("paused");
    });
  });
