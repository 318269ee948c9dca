import { expect, test } from "@playwright/test";
import { urlParam, scrollTo } from "./fixtures";
import { VIEW, card, kpi, kpiNumber, kpiText, kpiValues, timeSeries } from "./chartsView";

/**
 * Charts against the real proxy and embedded platform: what they draw, their rates, and time.
 * Filters, controls and shared URLs: charts-*.spec.ts.
 */

test.describe("charts", () => {
  test("render: KPI tiles show numbers, the time series draws an svg, the funnel converts", async ({ page }) => {
    await page.goto(VIEW);
    expect(await kpiNumber(page, "Clicks")).toBeGreaterThan(0);
    await expect(kpiText(page, "Revenue")).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(kpiText(page, "Click → lead")).toHaveText(/^\d+(\.\d)?%$/);
    await expect(timeSeries(page).locator("svg.series-plot")).toBeVisible();
    await expect(timeSeries(page).locator(".series-current path").first()).toBeVisible();
    await expect(card(page, "Conversion funnel").getByText(/of clicks became leads$/)).toBeVisible();
    await expect(card(page, "Conversion funnel").getByText(/of leads made a first purchase$/)).toBeVisible();
    // Flags are images (Windows has no flag emoji): the top country's flag is served and decoded.
    // The card is below the fold, and such cards load when scrolled into view.
    await scrollTo(card(page, "Locations"));
    const flag = card(page, "Locations").locator('img[src^="/flags/"]').first();
    await expect(flag).toBeVisible();
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(urlParam(page, "compare")).toBeNull();
    expect(urlParam(page, "granularity")).toBeNull();
    expect(urlParam(page, "metric")).toBeNull();
    expect(urlParam(page, "tabs")).toBeNull();
  });

  test("a filter of some kinds leaves the others unfiltered: the rates built on them say what they divide and what to know", async ({
    page,
  }) => {
    // Metadata narrows leads and sales, not clicks.
    await page.goto(`${VIEW}&event=leads&query=${encodeURIComponent("metadata['plan']:'pro'")}`);
    await expect(kpiText(page, "Click → lead")).toHaveText(/\d|—/);
    await expect(kpi(page, "Click → lead")).toHaveAccessibleDescription(
      "leads ÷ clicks Clicks are not filtered by metadata.",
    );
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
      for (const line of await funnel
        .getByText(/% of (clicks became leads|leads made a first purchase)/)
        .allInnerTexts()) {
        expect(Number(line.replace(/[^\d.]/g, "")), line).toBeLessThanOrEqual(100);
      }
    }
  });

  test("every figure means the same whatever kind the page shows: a sale type filter narrows sales on every kind", async ({
    page,
  }) => {
    await page.goto(`${VIEW}&saleType=new&event=clicks`);
    await expect(kpiText(page, "Sales")).toHaveText(/\d/);
    const sales = await kpiText(page, "Sales").textContent();
    const revenue = await kpiText(page, "Revenue").textContent();
    await page
      .getByRole("region", { name: "Filters" })
      .getByRole("group", { name: "Event kind" })
      .getByRole("button", { name: "Sales" })
      .click();
    await expect(page).toHaveURL(/[?&]event=sales/);
    await expect(kpiText(page, "Sales")).toHaveText(sales ?? "");
    await expect(kpiText(page, "Revenue")).toHaveText(revenue ?? "");
    // Without the filter the tile counts renewals too: the filter was in force on the clicks view.
    await page.goto(`${VIEW}&event=clicks`);
    await expect(kpiText(page, "Sales")).not.toHaveText(sales ?? "");
  });

  test("time that has not happened is not drawn; the bucket holding now is drawn apart, 'so far'", async ({ page }) => {
    // In the first hours of a UTC day there is no earlier hour to draw the current one apart from:
    // the day is then read in Tokyo (UTC+9 all year).
    const [zone, offsetHours] = new Date().getUTCHours() < 2 ? (["Asia/Tokyo", 9] as const) : (["UTC", 0] as const);
    const local = new Date(Date.now() + offsetHours * 3_600_000);
    const today = local.toISOString().slice(0, 10);
    await page.goto(`/?start=${today}&end=${today}&timezone=${encodeURIComponent(zone)}&granularity=hour`);
    const chart = timeSeries(page);
    await scrollTo(chart);
    // The dotted segment may be flat (two equal buckets), so it is checked as drawn, not for a visible box.
    await expect(chart.locator(".series-partial path").first()).toHaveAttribute("stroke-dasharray", "2 3");
    await expect(chart).toContainText(/: so far$/m);
    await card(page, "Over time")
      .getByRole("button", { name: /^Show as table/ })
      .click();
    const rows = chart.getByRole("table").locator("tbody tr");
    // Hours 00:00 … the current one: nothing after now.
    await expect(rows).toHaveCount(local.getUTCHours() + 1);
    await expect(rows.last()).toContainText("(so far)");
    await expect(rows.first()).not.toContainText("(so far)");
  });

  test("all time spans from the first event, with dates and a readable bucket size", async ({ page }) => {
    await page.goto("/?interval=all&timezone=UTC");
    await expect(
      page
        .getByRole("region", { name: "Filters" })
        .getByRole("status")
        .filter({ hasText: /^Showing / }),
    ).toHaveText(/^Showing All time, since [A-Z][a-z]{2} \d{4} \(UTC\)$/);
    const over = card(page, "Over time");
    await scrollTo(over);
    await expect(over).toContainText(/Clicks · [A-Z][a-z]{2} \d+(, \d\d:\d\d)? – [A-Z][a-z]{2} \d+/);
    await expect(over).not.toContainText("1970");
    await over.getByRole("button", { name: /^Show as table/ }).click();
    // About two months of data: daily buckets, not three monthly ones.
    expect(await timeSeries(page).getByRole("table").locator("tbody tr").count()).toBeGreaterThan(30);
    await expect(timeSeries(page).getByRole("table").getByRole("columnheader", { name: "Day" })).toBeVisible();
  });
});
