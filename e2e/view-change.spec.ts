import { expect, test, type Page } from "@playwright/test";
import { choosePresetRange, kpi, kpiRow, kpiText, timeSeries } from "./chartsView";

/**
 * Changing the view (range, filter, tab) never shows the last view's figures under the new
 * view's label: while the new replies are on their way the key figures are placeholders and the
 * chart is dimmed and marked busy; then the new figures replace them. The new view's replies are
 * held in the browser until the test lets them go, so "on their way" is a state, not a moment.
 */
/** Holds the browser's analytics requests until the returned function lets them go. */
async function holdAnalytics(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/(w\/[^/]+\/)?analytics\?/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("a view change", () => {
  test("changing the range: placeholders and a busy chart, never the last range's figures, until the new ones come", async ({
    page,
  }) => {
    await page.goto("/?interval=30d&timezone=UTC");
    await expect(kpiRow(page)).toHaveAttribute("aria-busy", "false");
    await expect(kpiText(page, "Clicks")).toHaveText(/\d/);
    // The chart is in the page as it arrives: no animation or later drawing to wait for.
    await expect(timeSeries(page).locator("svg.series-plot .series-current path").first()).toBeAttached();

    const release = await holdAnalytics(page);

    await choosePresetRange(page, /Last 7 days/);
    await expect(page).toHaveURL(/[?&]interval=7d(&|$)/);

    // The new range's label is up; its figures are not in yet: no number under it.
    await expect(kpi(page, "Clicks").getByRole("status", { name: "Loading Clicks" })).toBeVisible();
    await expect(kpiText(page, "Clicks")).toHaveCount(0);
    await expect(kpiRow(page)).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("status", { name: "Updating the total" })).toBeVisible();
    await expect(timeSeries(page)).toHaveAttribute("aria-busy", "true");

    release();
    await expect(kpiRow(page)).toHaveAttribute("aria-busy", "false");
    await expect(kpiText(page, "Clicks")).toHaveText(/\d/);
    await expect(timeSeries(page)).not.toHaveAttribute("aria-busy", "true");
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
  test("with reduced motion asked for, the placeholders of a range change are still and nothing fades", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/?interval=30d&timezone=UTC");
    await expect(kpiRow(page)).toHaveAttribute("aria-busy", "false");
    const release = await holdAnalytics(page);
    await choosePresetRange(page, /Last 7 days/);
    const placeholder = kpi(page, "Clicks").getByRole("status", { name: "Loading Clicks" });
    await expect(placeholder).toBeVisible();
    expect(await placeholder.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    expect(await timeSeries(page).evaluate((el) => getComputedStyle(el).transitionProperty)).toBe("none");
    release();
    await expect(kpiText(page, "Clicks")).toHaveText(/\d/);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
