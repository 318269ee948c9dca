import { expect, test, type Locator, type Page } from "@playwright/test";
import { dataRows, eventsTable, firstRowsText, isApiCall, showEvents, urlParam } from "./fixtures";

/**
 * The charts against the real proxy and embedded platform. The e2e database holds 60 days
 * up to its seeding, so 90 days show all of it and the numbers do not move while a test runs.
 */

const VIEW = "/?interval=90d&timezone=UTC";

const KPI_NAMES = ["Clicks", "Leads", "Sales", "Revenue", "Click → lead", "Lead → customer"] as const;

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
    await expect(card(page, "Conversion funnel").getByText(/of clicks became leads$/)).toBeVisible();
    await expect(card(page, "Conversion funnel").getByText(/of leads made a first purchase$/)).toBeVisible();
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
    const tableFiltered = page.waitForResponse((r) => isApiCall(r.url(), "events") && new URL(r.url()).searchParams.has("country"));
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
    const tableExcluded = page.waitForResponse((r) => isApiCall(r.url(), "events") && new URL(r.url()).searchParams.get("device") === `-${deviceName}`);
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

  test("a filter of some kinds leaves the others unfiltered: the rates built on them say what they divide and what to know", async ({ page }) => {
    // Metadata narrows leads and sales, not clicks.
    await page.goto(`${VIEW}&event=leads&query=${encodeURIComponent("metadata['plan']:'pro'")}`);
    await expect(kpiText(page, "Click → lead")).toHaveText(/\d|—/);
    await expect(kpi(page, "Click → lead")).toHaveAccessibleDescription("leads ÷ clicks Clicks are not filtered by metadata.");
    await expect(kpi(page, "Lead → customer")).toHaveAccessibleDescription("first purchases ÷ leads");
    // Sale type: first purchases are new sales by definition, so the lead → customer rate needs no caveat; revenue per click does.
    await page.goto(`${VIEW}&event=sales&saleType=new`);
    await expect(kpiText(page, "Lead → customer")).toHaveText(/\d|—/);
    await expect(kpi(page, "Lead → customer")).toHaveAccessibleDescription("first purchases ÷ leads");
    await expect(card(page, "Conversion funnel").getByText("Clicks are not filtered by sale type.")).toBeVisible();
  });

  test("no rate exceeds 100%: renewals are sales, not customers", async ({ page }) => {
    for (const range of ["interval=90d", "interval=30d", "interval=7d", "interval=24h"]) {
      await page.goto(`/?${range}&timezone=UTC`);
      await kpiValues(page);
      for (const name of ["Click → lead", "Lead → customer"] as const) {
        const text = await kpiText(page, name).innerText();
        if (text !== "—") expect(Number(text.replace("%", "")), `${name} over ${range}`).toBeLessThanOrEqual(100);
      }
      const funnel = card(page, "Conversion funnel");
      for (const line of await funnel.getByText(/% of (clicks became leads|leads made a first purchase)/).allInnerTexts()) {
        expect(Number(line.replace(/[^\d.]/g, "")), line).toBeLessThanOrEqual(100);
      }
    }
  });

  test("every figure means the same whatever kind the page shows: a sale type filter narrows sales on every kind", async ({ page }) => {
    await page.goto(`${VIEW}&saleType=new&event=clicks`);
    await expect(kpiText(page, "Sales")).toHaveText(/\d/);
    const sales = await kpiText(page, "Sales").textContent();
    const revenue = await kpiText(page, "Revenue").textContent();
    await page.getByRole("region", { name: "Filters" }).getByRole("group", { name: "Event kind" }).getByRole("button", { name: "Sales" }).click();
    await expect(page).toHaveURL(/[?&]event=sales/);
    await expect(kpiText(page, "Sales")).toHaveText(sales ?? "");
    await expect(kpiText(page, "Revenue")).toHaveText(revenue ?? "");
    // Without the filter the tile counts renewals too: the filter was in force on the clicks view.
    await page.goto(`${VIEW}&event=clicks`);
    await expect(kpiText(page, "Sales")).not.toHaveText(sales ?? "");
  });

  test("time that has not happened is not drawn; the bucket holding now is drawn apart, 'so far'", async ({ page }) => {
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/?start=${today}&end=${today}&timezone=UTC&granularity=hour`);
    const chart = timeSeries(page);
    await chart.scrollIntoViewIfNeeded();
    // The dotted segment may be flat (two equal buckets), so it is checked as drawn, not for a visible box.
    await expect(chart.locator(".series-partial path").first()).toHaveAttribute("stroke-dasharray", "2 3");
    await expect(chart).toContainText(/: so far$/m);
    await card(page, "Over time").getByRole("button", { name: /^Show as table/ }).click();
    const rows = chart.getByRole("table").locator("tbody tr");
    // Hours 00:00 … the current one: nothing after now.
    await expect(rows).toHaveCount(new Date().getUTCHours() + 1);
    await expect(rows.last()).toContainText("(so far)");
    await expect(rows.first()).not.toContainText("(so far)");
  });

  test("all time spans from the first event, with dates and a readable bucket size", async ({ page }) => {
    await page.goto("/?interval=all&timezone=UTC");
    await expect(page.getByRole("region", { name: "Filters" }).getByRole("status").filter({ hasText: /^Showing / })).toHaveText(/^Showing All time, since [A-Z][a-z]{2} \d{4} \(UTC\)$/);
    const over = card(page, "Over time");
    await over.scrollIntoViewIfNeeded();
    await expect(over).toContainText(/Clicks · [A-Z][a-z]{2} \d+(, \d\d:\d\d)? – [A-Z][a-z]{2} \d+/);
    await expect(over).not.toContainText("1970");
    await over.getByRole("button", { name: /^Show as table/ }).click();
    // About two months of data: daily buckets, not three monthly ones.
    expect(await timeSeries(page).getByRole("table").locator("tbody tr").count()).toBeGreaterThan(30);
    await expect(timeSeries(page).getByRole("table").getByRole("columnheader", { name: "Day" })).toBeVisible();
  });

  test("a chip from a shared URL names the partner, without waiting for a card that shows partners", async ({ page, browser }) => {
    await page.goto(`${VIEW}&event=sales`);
    const partners = card(page, "Sales");
    await partners.scrollIntoViewIfNeeded();
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

  test("comparison toggle writes compare=previous and draws the previous period", async ({ page }) => {
    await page.goto("/?interval=30d&timezone=UTC");
    const chart = timeSeries(page);
    await expect(chart.locator("svg.recharts-surface")).toBeVisible();
    await expect(chart.locator(".series-previous")).toHaveCount(0);

    const toggle = page.getByRole("button", { name: "Compare to previous period" });
    await toggle.click();
    await expect(page).toHaveURL(/[?&]compare=previous(&|$)/);
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

  test("an excluded value is not listed in its own card, and the other values' shares are of what is left", async ({ page }) => {
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
    const shareColumn = (await table.locator("thead th").allInnerTexts()).findIndex((text) => text.trim() === "Share of all clicks");
    let sum = 0;
    for (const cell of await table.locator(`tbody tr > :nth-child(${shareColumn + 1})`).all()) {
      sum += Number((await cell.innerText()).replace("%", ""));
    }
    expect(sum).toBeGreaterThan(99);
    expect(sum).toBeLessThan(101);
  });

  test("Show as table gives a real table with the same top value; tabs work from the keyboard", async ({ page }) => {
    await page.goto(VIEW);
    const locations = await openCard(page, "Locations");
    const top = locations.getByRole("list", { name: "Countries" }).getByRole("button").first();
    const name = (await top.getAttribute("aria-label"))!.replace("Filter by country ", "");
    const value = await rowValue(top);

    await locations.getByRole("button", { name: "Show as table, Locations" }).click();
    const table = locations.getByRole("table");
    await expect(table).toBeVisible();
    const firstRow = table.getByRole("row").nth(1);
    await expect(firstRow.getByRole("rowheader")).toContainText(name);
    expect(count(await firstRow.getByRole("cell").first().innerText())).toBe(value);
    // The same rows as the bars (the top 8), the rest behind "View all".
    await expect(table.locator("tbody tr")).toHaveCount(8);
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

  test("a URL pasted in another time zone shows the same numbers: the page writes its zone into the URL", async ({ browser, baseURL }) => {
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const berlin = await browser.newContext({ timezoneId: "Europe/Berlin", locale: "en-US" });
    const losAngeles = await browser.newContext({ timezoneId: "America/Los_Angeles", locale: "en-US" });
    try {
      const first = await berlin.newPage();
      await first.goto(new URL(`/?start=${day}&end=${day}&country=US,DE`, baseURL).href);
      await expect.poll(() => urlParam(first, "timezone")).toBe("Europe/Berlin");
      const values = await kpiValues(first);

      const second = await losAngeles.newPage();
      await second.goto(first.url());
      await expect(second.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Berlin");
      expect(await kpiValues(second)).toEqual(values);
      expect(urlParam(second, "timezone")).toBe("Europe/Berlin");

      // The same day in Los Angeles' own zone is another span of time: the zone in the URL is what made them agree.
      await second.goto(new URL(`/?start=${day}&end=${day}&country=US,DE`, baseURL).href);
      await expect.poll(() => urlParam(second, "timezone")).toBe("America/Los_Angeles");
      expect(await kpiValues(second)).not.toEqual(values);
    } finally {
      await berlin.close();
      await losAngeles.close();
    }
  });

  test("a shared URL reproduces the KPI values, the comparison, the metric and the open tab in a new browser context", async ({ page, browser }) => {
    await page.goto(VIEW);
    const locations = await openCard(page, "Locations");
    await locations.getByRole("list", { name: "Countries" }).getByRole("button", { name: /^Filter by country / }).nth(1).click();
    await expect.poll(() => urlParam(page, "country")).toMatch(/^[A-Z]{2}$/);
    await page.getByRole("button", { name: "Compare to previous period" }).click();
    await expect(page).toHaveURL(/compare=previous/);
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
