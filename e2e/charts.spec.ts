import { expect, test, type Locator, type Page } from "@playwright/test";
import { dataRows, eventsTable, firstRowsText, showEvents, urlParam } from "./fixtures";

/**
 * The charts against the real proxy and embedded platform. The e2e database holds 60 days
 * up to its seeding, so 90 days show all of it and the numbers do not move while a test runs.
 */

const VIEW = "/?interval=90d&timezone=UTC";

const KPI_NAMES = ["Clicks", "Leads", "Sales", "Revenue", "Click → lead", "Lead → sale"] as const;

const kpiRow = (page: Page) => page.getByRole("group", { name: "Key figures", exact: true });
const kpi = (page: Page, name: (typeof KPI_NAMES)[number]) => kpiRow(page).getByRole("group", { name, exact: true });
const kpiText = (page: Page, name: (typeof KPI_NAMES)[number]) => kpi(page, name).locator("[data-kpi-value]");
const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const timeSeries = (page: Page) => page.getByRole("figure", { name: /over time$/ });

/** "12,345" → 12345. */
function count(text: string): number {
  const digits = text.replace(/[^\d]/g, "");
  if (!digits) throw new Error(`no number in "${text}"`);
  return Number(digits);
}

async function kpiNumber(page: Page, name: (typeof KPI_NAMES)[number]): Promise<number> {
  await expect(kpiText(page, name)).toHaveText(/\d/);
  return count(await kpiText(page, name).innerText());
}

/** Loads a lazy card: it fetches only once scrolled into view. */
async function openCard(page: Page, name: string): Promise<Locator> {
  const region = card(page, name);
  await region.scrollIntoViewIfNeeded();
  await expect(region.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible();
  return region;
}

/** A breakdown row's value (the first number of the text the row is described by). */
async function rowValue(row: Locator): Promise<number> {
  const description = await row.getAttribute("aria-describedby");
  if (!description) throw new Error("row without description");
  const text = await row.page().locator(`[id="${description}"]`).innerText();
  return count(text.split(/\s+/)[0]);
}

/** All six KPI texts once both counts (current and previous period) have settled. */
async function kpiValues(page: Page): Promise<string[]> {
  await expect(kpiRow(page)).toHaveAttribute("aria-busy", "false");
  const values: string[] = [];
  for (const name of KPI_NAMES) {
    await expect(kpiText(page, name)).toHaveText(/\d|—/);
    values.push(await kpiText(page, name).innerText());
  }
  return values;
}

test.describe("charts", () => {
  test("render: KPI tiles show numbers, the time series draws an svg, the funnel converts", async ({ page }) => {
    await page.goto(VIEW);
    expect(await kpiNumber(page, "Clicks")).toBeGreaterThan(0);
    await expect(kpiText(page, "Revenue")).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(kpiText(page, "Click → lead")).toHaveText(/^\d+(\.\d)?%$/);
    await expect(timeSeries(page).locator("svg.recharts-surface")).toBeVisible();
    await expect(timeSeries(page).locator(".series-current path").first()).toBeVisible();
    await expect(card(page, "Conversion funnel").getByText(/converted$/).first()).toBeVisible();
    // Flags are images (Windows has no flag emoji): the top country's flag is served and decoded.
    // The card is below the fold, and such cards load when scrolled into view.
    await card(page, "Locations").scrollIntoViewIfNeeded();
    const flag = card(page, "Locations").locator('img[src^="/flags/"]').first();
    await expect(flag).toBeVisible();
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(urlParam(page, "compare")).toBeNull();
    expect(urlParam(page, "granularity")).toBeNull();
    expect(urlParam(page, "metric")).toBeNull();
    expect(urlParam(page, "tabs")).toBeNull();
  });

  test("a breakdown row adds its filter, then the exclusion gesture writes -value; table and charts follow", async ({ page }) => {
    await page.goto(VIEW);
    await showEvents(page);
    const allClicks = await kpiNumber(page, "Clicks");

    const locations = await openCard(page, "Locations");
    const first = locations.getByRole("list", { name: "Countries" }).getByRole("button", { name: /^Filter by country / }).first();
    const country = (await first.getAttribute("aria-label"))!.replace("Filter by country ", "");
    const countryClicks = await rowValue(first);
    const tableFiltered = page.waitForResponse((r) => r.url().includes("/api/events?") && new URL(r.url()).searchParams.has("country"));
    await first.click();

    await expect.poll(() => urlParam(page, "country")).toMatch(/^[A-Z]{2}$/);
    // The card leaves its own filter out of its request: the row stays, marked as selected.
    await expect(locations.getByRole("button", { name: `Filter by country ${country}`, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(locations.getByRole("list", { name: "Countries" }).getByRole("listitem").nth(1)).toBeVisible();
    // The KPI now counts that country's clicks: exactly the row's value.
    await expect.poll(() => kpiNumber(page, "Clicks")).toBe(countryClicks);
    expect(countryClicks).toBeLessThan(allClicks);
    // The events table shows that country only.
    expect((await tableFiltered).status()).toBe(200);
    await eventsTable(page).scrollIntoViewIfNeeded();
    for (const row of await firstRowsText(page, 5)) expect(row).toContain(country);

    // Exclude a device: the URL gets device=-<value>, the row shows as excluded.
    const devices = await openCard(page, "Devices");
    const device = devices.getByRole("list", { name: "Devices" }).getByRole("button", { name: /^Filter by device / }).first();
    const deviceName = (await device.getAttribute("aria-label"))!.replace("Filter by device ", "");
    const deviceClicks = await rowValue(device);
    const exclude = devices.getByRole("button", { name: `Exclude device ${deviceName}`, exact: true });
    const tableExcluded = page.waitForResponse((r) => r.url().includes("/api/events?") && new URL(r.url()).searchParams.get("device") === `-${deviceName}`);
    await exclude.click();

    await expect.poll(() => urlParam(page, "device")).toBe(`-${deviceName}`);
    expect(urlParam(page, "country")).not.toBeNull();
    await expect(exclude).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => kpiNumber(page, "Clicks")).toBe(countryClicks - deviceClicks);
    expect((await tableExcluded).status()).toBe(200);
    await expect(dataRows(page).first()).toBeVisible();
  });

  test("a sale type filter leaves leads and clicks unfiltered: the rates built on them say so", async ({ page }) => {
    await page.goto(`${VIEW}&event=sales&saleType=new`);
    await expect(kpiText(page, "Lead → sale")).toHaveText(/\d|—/);
    await expect(kpi(page, "Lead → sale")).toHaveAccessibleDescription("Leads are not filtered by sale type.");
    await expect(kpi(page, "Click → lead")).toHaveAccessibleDescription("");
    await expect(card(page, "Conversion funnel").getByText("Clicks and leads are not filtered by sale type.")).toBeVisible();
  });

  test("comparison toggle writes compare=1 and draws the previous period", async ({ page }) => {
    await page.goto("/?interval=30d&timezone=UTC");
    const chart = timeSeries(page);
    await expect(chart.locator("svg.recharts-surface")).toBeVisible();
    await expect(chart.locator(".series-previous")).toHaveCount(0);

    const toggle = page.getByRole("button", { name: "Compare to previous period" });
    await toggle.click();
    await expect(page).toHaveURL(/[?&]compare=1(&|$)/);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(chart.locator(".series-previous path").first()).toBeVisible();
    await expect(chart.getByText(/^Previous period:/)).toBeVisible();

    await toggle.click();
    await expect(page).not.toHaveURL(/compare=/);
    await expect(chart.locator(".series-previous")).toHaveCount(0);
  });

  test("granularity switch writes granularity= and keeps the chart", async ({ page }) => {
    await page.goto(VIEW);
    const group = page.getByRole("group", { name: "Granularity" });
    await expect(group.getByRole("button", { name: "Daily" })).toHaveAttribute("aria-pressed", "true");
    await group.getByRole("button", { name: "Weekly" }).click();
    await expect(page).toHaveURL(/[?&]granularity=week(&|$)/);
    await expect(group.getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "true");
    await card(page, "Over time").getByRole("button", { name: "Show as table" }).click();
    await expect(timeSeries(page).getByRole("rowheader").first()).toHaveText(/^Week of /);
  });

  test("Show as table gives a real table with the same top value; tabs work from the keyboard", async ({ page }) => {
    await page.goto(VIEW);
    const locations = await openCard(page, "Locations");
    const top = locations.getByRole("list", { name: "Countries" }).getByRole("button").first();
    const name = (await top.getAttribute("aria-label"))!.replace("Filter by country ", "");
    const value = await rowValue(top);

    await locations.getByRole("button", { name: "Show locations as table" }).click();
    const table = locations.getByRole("table");
    await expect(table).toBeVisible();
    const firstRow = table.getByRole("row").nth(1);
    await expect(firstRow.getByRole("rowheader")).toContainText(name);
    expect(count(await firstRow.getByRole("cell").first().innerText())).toBe(value);
    // The same rows as the bars (a header and the top 8), the rest behind "View all".
    await expect(table.getByRole("row")).toHaveCount(9);
    await expect(locations.getByRole("button", { name: "View all countries" })).toBeVisible();

    // Manual activation: arrows move focus, Enter opens the tab (and only then requests it).
    await locations.getByRole("tab", { name: "Countries" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(locations.getByRole("tab", { name: "Regions" })).toBeFocused();
    await expect(locations.getByRole("tab", { name: "Regions" })).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("Enter");
    await expect(locations.getByRole("tab", { name: "Regions" })).toHaveAttribute("aria-selected", "true");
    await expect(locations.getByRole("table").getByRole("columnheader", { name: "Region" })).toBeVisible();

    // The funnel's text alternative has the KPI's numbers.
    const clicks = await kpiText(page, "Clicks").innerText();
    const funnel = card(page, "Conversion funnel");
    await funnel.getByRole("button", { name: "Show as table" }).click();
    await expect(funnel.getByRole("row", { name: /^Clicks/ }).getByRole("cell").first()).toHaveText(clicks);
  });

  test("View all lists every row with a search box", async ({ page }) => {
    await page.goto(VIEW);
    const locations = await openCard(page, "Locations");
    await locations.getByRole("tab", { name: "Cities" }).click();
    await expect(locations.getByRole("list", { name: "Cities" }).getByRole("listitem").first()).toBeVisible();
    await locations.getByRole("button", { name: "View all cities" }).click();
    const dialog = page.getByRole("dialog", { name: "Cities" });
    await expect(dialog).toBeVisible();
    const all = await dialog.getByRole("listitem").count();
    expect(all).toBeGreaterThan(8);
    const firstCity = (await dialog.getByRole("button", { name: /^Filter by city / }).first().getAttribute("aria-label"))!.replace("Filter by city ", "");
    await dialog.getByRole("searchbox", { name: "Search cities" }).fill(firstCity);
    await expect(dialog.getByRole("button", { name: `Filter by city ${firstCity}`, exact: true })).toBeVisible();
    expect(await dialog.getByRole("listitem").count()).toBeLessThan(all);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a shared URL reproduces the KPI values, the comparison, the metric and the open tab in a new browser context", async ({ page, browser }) => {
    await page.goto(VIEW);
    const locations = await openCard(page, "Locations");
    await locations.getByRole("list", { name: "Countries" }).getByRole("button", { name: /^Filter by country / }).nth(1).click();
    await expect.poll(() => urlParam(page, "country")).toMatch(/^[A-Z]{2}$/);
    await page.getByRole("button", { name: "Compare to previous period" }).click();
    await expect(page).toHaveURL(/compare=1/);
    const metric = page.getByRole("group", { name: "Metric" });
    await metric.getByRole("button", { name: "Revenue", exact: true }).click();
    await expect.poll(() => urlParam(page, "metric")).toBe("revenue");
    await expect(timeSeries(page)).toHaveAccessibleName("Revenue over time");
    await locations.getByRole("tab", { name: "Regions" }).click();
    await expect.poll(() => urlParam(page, "tabs")).toBe("regions");
    const shared = page.url();
    const values = await kpiValues(page);

    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(shared);
      expect(await kpiValues(other)).toEqual(values);
      await expect(other.getByRole("button", { name: "Compare to previous period" })).toHaveAttribute("aria-pressed", "true");
      await expect(other.getByRole("group", { name: "Metric" }).getByRole("button", { name: "Revenue", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(timeSeries(other)).toHaveAccessibleName("Revenue over time");
      await expect(card(other, "Locations").getByRole("tab", { name: "Regions" })).toHaveAttribute("aria-selected", "true");
      // 90 days back from the seeded 60 are empty: the previous line lies flat on the axis.
      await expect(timeSeries(other).locator(".series-previous path").first()).toBeAttached();
    } finally {
      await context.close();
    }
  });
});
