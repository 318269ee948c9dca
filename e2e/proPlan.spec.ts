import { expect, test, type Page, type Response } from "@playwright/test";
import { PRO_APP_URL } from "../playwright.config";
import { showEvents } from "./fixtures";

/**
 * A Pro workspace (2 analytics requests per second, no events access): a full page load and a
 * filter change complete with charts drawn, the table explains the plan, and no 429 reaches the browser.
 */

function watchStatuses(page: Page): number[] {
  const statuses: number[] = [];
  page.on("response", (response: Response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) statuses.push(response.status());
  });
  return statuses;
}

test("pro key: charts load, events say the plan is too low, no 429 reaches the browser", async ({ page }) => {
  const statuses = watchStatuses(page);
  await page.goto(`${PRO_APP_URL}/?interval=30d`);
  await showEvents(page);

  const clicks = page.getByRole("group", { name: "Key figures", exact: true }).getByRole("group", { name: "Clicks", exact: true });
  await expect(clicks.locator("[data-kpi-value]")).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByRole("alert").filter({ hasText: "Events require the Business plan" })).toBeVisible();

  const locations = page.getByRole("region", { name: "Locations", exact: true });
  await locations.scrollIntoViewIfNeeded();
  const firstCountry = locations.getByRole("list", { name: "Countries" }).getByRole("button", { name: /^Filter by country / }).first();
  await firstCountry.click();
  await expect(page).toHaveURL(/[?&]country=[A-Z]{2}/);
  await expect(clicks.locator("[data-kpi-value]")).toHaveText(/^[1-9][\d,]*$/);

  // Scroll every card into view so the lazy ones load too.
  for (const name of ["Referrers", "Top links", "UTM"]) {
    const card = page.getByRole("region", { name, exact: true });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible();
  }
  await page.waitForLoadState("networkidle");

  expect(statuses.length).toBeGreaterThan(5);
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0);
});
