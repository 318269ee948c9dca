import { expect, test, type Page } from "@playwright/test";
import { dataRows, urlParam } from "./fixtures";

/** An event's detail has its own URL: a teammate opens the same event; a sale links to its customer's timeline. */

const VIEW = "/?event=sales&interval=90d&timezone=UTC";

async function openFirstSale(page: Page) {
  await page.goto(VIEW);
  // The section's own button loads it at once (scrolling there waits on the charts above, slow on a
  // loaded machine); the section may also start loading on its own as it nears the viewport, and
  // the button goes.
  const showEvents = page.getByRole("button", { name: "Show events" });
  await expect(async () => {
    if ((await showEvents.count()) > 0) await showEvents.click({ timeout: 2_000 });
    await expect(showEvents).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dataRows(page).first()).toBeVisible({ timeout: 60_000 });
  await dataRows(page).first().locator("td").first().click();
  const dialog = page.getByRole("dialog", { name: /^Sale/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("event detail URL", () => {
  // Three pages and the events of each: slow on a loaded machine.
  test.slow();
  test("opening a row writes detail=sale:<id>; the URL in a fresh context shows the same event, on the page or off it", async ({
    page,
    browser,
  }) => {
    const dialog = await openFirstSale(page);
    await expect.poll(() => urlParam(page, "detail")).toMatch(/^sale:[\w.-]+$/);
    expect(urlParam(page, "detailAt")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const title = await dialog.getByRole("heading").first().innerText();
    const subtitle = await dialog.locator("header p").first().innerText();

    const other = await browser.newPage();
    await other.goto(page.url());
    const same = other.getByRole("dialog", { name: title });
    await expect(same).toBeVisible({ timeout: 30_000 });
    await expect(same.locator("header p").first()).toHaveText(subtitle);
    await other.close();

    // Off the page the URL names (a range without it): found by its instant.
    const url = new URL(page.url());
    url.searchParams.delete("interval");
    url.searchParams.set("start", "2020-01-01");
    url.searchParams.set("end", "2020-01-02");
    const elsewhere = await browser.newPage();
    await elsewhere.goto(url.toString());
    // The section loads with the page when the URL names an open event: no scrolling needed.
    await expect(elsewhere.getByRole("dialog", { name: title })).toBeVisible({ timeout: 30_000 });
    await elsewhere.close();

    // Closing clears it from the URL.
    await dialog.getByRole("button", { name: "Close event details" }).click();
    await expect.poll(() => urlParam(page, "detail")).toBeNull();
  });

  test("a sale links to its customer's timeline", async ({ page }) => {
    const dialog = await openFirstSale(page);
    await dialog.getByRole("link", { name: "Open the customer's timeline" }).click();
    await expect.poll(() => urlParam(page, "report")).toBe("customers");
    expect(urlParam(page, "customer")).toMatch(/^[\w-]+$/);
    expect(urlParam(page, "detail")).toBeNull();
    await expect(page.getByRole("dialog", { name: /^Timeline of / })).toBeVisible({ timeout: 30_000 });
  });
});
