import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations as audit } from "./axe";
import { dataRows, showEvents, scrollTo } from "./fixtures";

/**
 * axe on the main views: every event kind, an open filter panel, the event detail panel, the
 * reports, the live view, and a phone-width page. No serious or critical violation is allowed.
 */

const VIEW = "/?interval=30d&timezone=UTC";

/** The whole page, once its lazy cards and the events table have loaded. */
async function loaded(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
  for (const name of ["Locations", "Devices", "Referrers", "Top links", "UTM"])
    await scrollTo(page.getByRole("region", { name, exact: true }));
  await showEvents(page);
  await expect(dataRows(page).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test.describe("accessibility (axe)", () => {
  for (const kind of ["clicks", "leads", "sales"] as const) {
    test(`the ${kind} view`, async ({ page }) => {
      await loaded(page, `${VIEW}&event=${kind}`);
      await audit(page, kind);
    });
  }

  test("an open filter panel and the date range panel", async ({ page }) => {
    await loaded(page, VIEW);
    await page.getByRole("region", { name: "Filters" }).getByRole("button", { name: "Add filter" }).click();
    await page.getByRole("menuitem", { name: /^Country/ }).click();
    await expect(page.getByRole("dialog", { name: "Add filter" }).getByRole("checkbox").first()).toBeVisible();
    await audit(page, "filter editor");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Date range:/ }).click();
    await expect(page.getByRole("dialog", { name: "Date range" })).toBeVisible();
    await audit(page, "date range");
  });

  test("the event detail panel", async ({ page }) => {
    await loaded(page, `${VIEW}&event=sales`);
    await dataRows(page).first().locator("td").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await audit(page, "event detail");
  });

  test("the partners and customers reports, with a customer's timeline open", async ({ page }) => {
    await page.goto(`${VIEW}&report=partners`);
    await expect(page.getByRole("region", { name: "Partners", exact: true }).locator("tbody tr").first()).toBeVisible();
    await audit(page, "partners report");
    await page.getByRole("group", { name: "Report" }).getByRole("button", { name: "Customers" }).click();
    const customers = page.getByRole("region", { name: "Customers", exact: true });
    await customers.getByRole("rowheader").first().getByRole("button").click();
    await expect(
      page
        .getByRole("dialog", { name: /^Timeline of / })
        .getByRole("listitem")
        .first(),
    ).toBeVisible();
    await audit(page, "customers report");
  });

  test("the live view", async ({ page }) => {
    await page.goto(VIEW);
    await page.getByRole("button", { name: "Live", exact: true }).click();
    const live = page.getByRole("region", { name: "Live", exact: true });
    await expect(live).toContainText(/Pushed by the platform's webhooks|Polling the platform/);
    await expect(live.getByLabel("New clicks", { exact: true })).toBeVisible();
    await audit(page, "live view");
  });

  test("a phone-width page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loaded(page, VIEW);
    await audit(page, "phone");
  });
});
