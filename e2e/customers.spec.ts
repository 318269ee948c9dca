import { expect, test, type Page } from "@playwright/test";
import { urlParam } from "./fixtures";

/** The customers report and a customer's timeline, against the real proxy and embedded platform. */

const VIEW = "/?interval=90d&timezone=UTC&report=customers";

const report = (page: Page) => page.getByRole("region", { name: "Customers", exact: true });

test("the customers report lists who became a lead; a customer opens their timeline, click → lead → sales, from a shared URL too", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto(VIEW);
  const table = report(page).getByRole("table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const leadsKpi = page
    .getByRole("group", { name: "Key figures", exact: true })
    .getByRole("group", { name: "Leads", exact: true })
    .locator("[data-kpi-value]");
  await expect(leadsKpi).toHaveText(/\d/);
  // The count is the key figures' own (no request of its own), the same number as the Leads tile.
  await expect(report(page)).toContainText(
    new RegExp(`${(await leadsKpi.innerText()).trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} leads in this view`),
  );

  // A customer who bought: their sales count is not 0.
  const salesIndex = await table
    .locator("thead th")
    .evaluateAll((cells) => cells.findIndex((c) => c.textContent === "Sales"));
  const buyer = table
    .locator("tbody tr")
    .filter({ has: page.locator(`td:nth-child(${salesIndex + 1})`).filter({ hasText: /^[1-9]/ }) })
    .first();
  const name = (await buyer.getByRole("rowheader").innerText()).trim();
  await buyer.getByRole("rowheader").getByRole("button").click();
  await expect.poll(() => urlParam(page, "customer")).toMatch(/\S/);

  // The timeline opens where the person is looking: a side sheet in the viewport, with focus in it.
  const timeline = page.getByRole("dialog", { name: `Timeline of ${name}` });
  await expect(timeline).toBeInViewport();
  await expect(timeline.getByRole("button", { name: "Close timeline" })).toBeFocused();
  const events = timeline.getByRole("list", { name: `Events of ${name}` }).getByRole("listitem");
  await expect(events.first()).toContainText("Clicked");
  await expect(events.nth(1)).toContainText("Became a lead");
  await expect(
    timeline
      .getByRole("listitem")
      .filter({ hasText: /^.*Bought \$/ })
      .first(),
  ).toBeVisible();
  await expect(timeline).toContainText(/All time: [1-9]\d* sales?, \$/);

  // The open timeline is part of the view: a teammate opening the URL sees it.
  const shared = page.url();
  const context = await browser.newContext({ baseURL });
  try {
    const other = await context.newPage();
    await other.goto(shared);
    const opened = other.getByRole("dialog", { name: `Timeline of ${name}` });
    await expect(opened.getByRole("listitem").first()).toContainText("Clicked");
    await expect(opened).toBeInViewport();
  } finally {
    await context.close();
  }

  await timeline.getByRole("button", { name: "Close timeline" }).click();
  await expect.poll(() => urlParam(page, "customer")).toBeNull();
  await expect(timeline).toHaveCount(0);
  // Focus goes back to the customer it came from.
  await expect(buyer.getByRole("rowheader").getByRole("button")).toBeFocused();

  // Escape closes it too.
  await buyer.getByRole("rowheader").getByRole("button").click();
  await expect(timeline).toBeVisible();
  await page.keyboard.press("Escape");
  await expect.poll(() => urlParam(page, "customer")).toBeNull();

  // A partner in the table filters the whole page to it.
  const partnerButton = table.getByRole("button", { name: /^Filter by partner / }).first();
  await partnerButton.click();
  await expect.poll(() => urlParam(page, "partnerId")).toMatch(/\S/);
});
