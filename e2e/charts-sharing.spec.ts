import { expect, test } from "@playwright/test";
import { selectTab, urlParam } from "./fixtures";
import { VIEW, card, kpiValues, openCard, timeSeries } from "./chartsView";

/**
 * A chart view's URL reproduces it elsewhere: another time zone, another browser context.
 */

test.describe("charts", () => {
  test("a URL pasted in another time zone shows the same numbers: the page writes its zone into the URL", async ({
    browser,
    baseURL,
  }) => {
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

  test("a shared URL reproduces the KPI values, the comparison, the metric and the open tab in a new browser context", async ({
    page,
    browser,
  }) => {
    await page.goto(VIEW);
    const locations = await openCard(page, "Locations");
    await locations
      .getByRole("list", { name: "Countries" })
      .getByRole("button", { name: /^Filter by country / })
      .nth(1)
      .click();
    await expect.poll(() => urlParam(page, "country")).toMatch(/^[A-Z]{2}$/);
    await page.getByRole("button", { name: "Compare to previous period" }).click();
    await expect(page).toHaveURL(/compare=previous/);
    const metric = page.getByRole("group", { name: "Metric" });
    await metric.getByRole("button", { name: "Revenue", exact: true }).click();
    await expect.poll(() => urlParam(page, "metric")).toBe("revenue");
    await expect(timeSeries(page)).toHaveAccessibleName("Revenue over time");
    await selectTab(locations.getByRole("tab", { name: "Regions" }));
    await expect.poll(() => urlParam(page, "tabs")).toBe("regions");
    const shared = page.url();
    const values = await kpiValues(page);

    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(shared);
      expect(await kpiValues(other)).toEqual(values);
      await expect(other.getByRole("button", { name: "Compare to previous period" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(
        other.getByRole("group", { name: "Metric" }).getByRole("button", { name: "Revenue", exact: true }),
      ).toHaveAttribute("aria-pressed", "true");
      await expect(timeSeries(other)).toHaveAccessibleName("Revenue over time");
      await expect(card(other, "Locations").getByRole("tab", { name: "Regions" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      // 90 days back from the seeded 60 are empty: the previous line lies flat on the axis.
      await expect(timeSeries(other).locator(".series-previous path").first()).toBeAttached();
    } finally {
      await context.close();
    }
  });
});
