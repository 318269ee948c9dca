import { expect, test } from "@playwright/test";
import { VIEW, card, count, kpiText, openCard, rowValue, timeSeries } from "./chartsView";

/**
 * The charts' controls: comparison, granularity, tables, View all.
 */

test.describe("charts", () => {
  test("comparison toggle writes compare=previous and draws the previous period", async ({ page }) => {
    await page.goto("/?interval=30d&timezone=UTC");
    const chart = timeSeries(page);
    await expect(chart.locator("svg.series-plot")).toBeVisible();
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
    await expect(
      funnel
        .getByRole("row", { name: /^Clicks/ })
        .getByRole("cell")
        .first(),
    ).toHaveText(clicks);
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
    const firstCity = (await dialog
      .getByRole("button", { name: /^Filter by city / })
      .first()
      .getAttribute("aria-label"))!.replace("Filter by city ", "");
    await dialog.getByRole("searchbox", { name: "Search cities" }).fill(firstCity);
    await expect(dialog.getByRole("button", { name: `Filter by city ${firstCity}`, exact: true })).toBeVisible();
    expect(await dialog.getByRole("listitem").count()).toBeLessThan(all);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
