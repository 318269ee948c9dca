import { expect, test } from "@playwright/test";
import { dataRows, eventsTable, firstRowsText, isApiCall, showEvents, urlParam, scrollTo } from "./fixtures";
import { VIEW, card, count, kpiNumber, openCard, rowValue } from "./chartsView";

/**
 * Filtering from the charts: breakdown rows, exclusions, chips from shared URLs.
 */

test.describe("charts", () => {
  test("a breakdown row adds its filter, then the exclusion gesture writes -value; table and charts follow", async ({
    page,
  }) => {
    await page.goto(VIEW);
    await showEvents(page);
    const allClicks = await kpiNumber(page, "Clicks");

    const locations = await openCard(page, "Locations");
    const first = locations
      .getByRole("list", { name: "Countries" })
      .getByRole("button", { name: /^Filter by country / })
      .first();
    const country = (await first.getAttribute("aria-label"))!.replace("Filter by country ", "");
    const countryClicks = await rowValue(first);
    const tableFiltered = page.waitForResponse(
      (r) => isApiCall(r.url(), "events") && new URL(r.url()).searchParams.has("country"),
    );
    await first.click();

    await expect.poll(() => urlParam(page, "country")).toMatch(/^[A-Z]{2}$/);
    // The card leaves its own filter out of its request: the row stays, marked as selected.
    await expect(locations.getByRole("button", { name: `Filter by country ${country}`, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(locations.getByRole("list", { name: "Countries" }).getByRole("listitem").nth(1)).toBeVisible();
    // The KPI now counts that country's clicks: exactly the row's value.
    await expect.poll(() => kpiNumber(page, "Clicks")).toBe(countryClicks);
    expect(countryClicks).toBeLessThan(allClicks);
    // The events table shows that country only.
    expect((await tableFiltered).status()).toBe(200);
    await scrollTo(eventsTable(page));
    for (const row of await firstRowsText(page, 5)) expect(row).toContain(country);

    // Exclude a device: the URL gets device=-<value>, the row shows as excluded.
    const devices = await openCard(page, "Devices");
    const device = devices
      .getByRole("list", { name: "Devices" })
      .getByRole("button", { name: /^Filter by device / })
      .first();
    const deviceName = (await device.getAttribute("aria-label"))!.replace("Filter by device ", "");
    const deviceClicks = await rowValue(device);
    const exclude = devices.getByRole("button", { name: `Exclude device ${deviceName}`, exact: true });
    const tableExcluded = page.waitForResponse(
      (r) => isApiCall(r.url(), "events") && new URL(r.url()).searchParams.get("device") === `-${deviceName}`,
    );
    await exclude.click();

    await expect.poll(() => urlParam(page, "device")).toBe(`-${deviceName}`);
    expect(urlParam(page, "country")).not.toBeNull();
    // An excluded value leaves its own card (its chip says it is excluded, and removes it).
    await expect(devices.getByRole("button", { name: `Filter by device ${deviceName}`, exact: true })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Filters" }).getByText(`Device is not ${deviceName}`)).toBeVisible();
    await expect.poll(() => kpiNumber(page, "Clicks")).toBe(countryClicks - deviceClicks);
    expect((await tableExcluded).status()).toBe(200);
    await expect(dataRows(page).first()).toBeVisible();
  });

  test("a chip from a shared URL names the partner, without waiting for a card that shows partners", async ({
    page,
    browser,
  }) => {
    await page.goto(`${VIEW}&event=sales`);
    const partners = card(page, "Sales");
    await scrollTo(partners);
    const row = partners.getByRole("button", { name: /^Filter by partner / }).first();
    const name = ((await row.getAttribute("aria-label")) ?? "").replace(/^Filter by partner /, "");
    await row.click();
    await expect(page).toHaveURL(/[?&]partnerId=pn_/);
    // A teammate opens the shared URL on the clicks view, where no card lists partners.
    const shared = page.url().replace("event=sales", "event=clicks");
    const other = await browser.newPage();
    await other.goto(shared);
    await expect(other.getByRole("group", { name: "Active filters" })).toContainText(`Partner is ${name}`);
    await expect(other.getByRole("group", { name: "Active filters" })).not.toContainText("pn_");
    await other.close();
  });

  test("an excluded value is not listed in its own card, and the other values' shares are of what is left", async ({
    page,
  }) => {
    await page.goto(`${VIEW}&device=-Mobile`);
    const devices = await openCard(page, "Devices");
    const list = devices.getByRole("list", { name: "Devices" });
    await expect(list.getByRole("button", { name: /^Filter by device / }).first()).toBeVisible();
    await expect(list.getByRole("button", { name: "Filter by device Mobile", exact: true })).toHaveCount(0);
    await expect(list).not.toContainText("Mobile");

    // The card says what its shares are of: every click the view counts, Mobile left out, as the KPI does.
    const clicks = await kpiNumber(page, "Clicks");
    const base = devices.getByText(/^% of all clicks: /);
    await expect(base).toBeVisible();
    expect(count(await base.innerText())).toBe(clicks);
    await devices.getByRole("button", { name: "Show as table, Devices" }).click();
    const table = devices.getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Share of all clicks" })).toBeVisible();
    // Every metric side by side once the table's own figures are in; the share column found by its header.
    await expect(table.getByRole("columnheader", { name: /^Lead → customer/ })).toBeVisible();
    const shareColumn = (await table.locator("thead th").allInnerTexts()).findIndex(
      (text) => text.trim() === "Share of all clicks",
    );
    let sum = 0;
    for (const cell of await table.locator(`tbody tr > :nth-child(${shareColumn + 1})`).all()) {
      sum += Number((await cell.innerText()).replace("%", ""));
    }
    expect(sum).toBeGreaterThan(99);
    expect(sum).toBeLessThan(101);
  });
});
