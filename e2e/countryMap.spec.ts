import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { urlParam, scrollTo } from "./fixtures";
import { VIEW, card, kpiNumber, rowValue } from "./chartsView";

/** The Locations card's map: a choropleth of the countries, hover and keyboard show figures, a click filters like a row. */

async function openLocations(page: Page): Promise<Locator> {
  const region = card(page, "Locations");
  await scrollTo(region);
  // The first card of the run waits for the server to warm up on a loaded machine.
  await expect(region.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible({ timeout: 45_000 });
  return region;
}

test.describe("country map", () => {
  // The first card of a run, a map drawn and axe: slow on a loaded machine, never waiting on the clock.
  test.describe.configure({ timeout: 180_000 });

  test("switches to the map, shows a country's figures on hover and focus, and a click filters by it", async ({
    page,
  }) => {
    await page.goto(VIEW);
    const locations = await openLocations(page);
    // The largest country of the list, and its clicks, to find it on the map.
    const top = locations
      .getByRole("list", { name: "Countries" })
      .getByRole("button", { name: /^Filter by country / })
      .first();
    const country = (await top.getAttribute("aria-label"))!.replace("Filter by country ", "");
    const clicks = await rowValue(top);

    const mapButton = locations.getByRole("button", { name: "Show as map, Locations" });
    await mapButton.click();
    await expect(mapButton).toHaveAttribute("aria-pressed", "true");
    const map = locations.getByRole("group", { name: "Map of countries by clicks" });
    await expect(map).toBeVisible();
    await expect(locations.getByRole("list", { name: "Countries" })).toHaveCount(0);
    // The legend reads the scale; grey is for countries without clicks.
    const legend = locations.getByRole("list", { name: "Legend: Clicks" });
    await expect(legend.getByRole("listitem").last()).toHaveText("No clicks");
    expect(await legend.getByRole("listitem").count()).toBeGreaterThan(2);

    // Hover: the tooltip names the country and its clicks.
    const shape = map.getByRole("button", { name: `Filter by country ${country}`, exact: true });
    await shape.hover();
    const tooltip = locations.locator("[data-map-tooltip]");
    await expect(tooltip).toContainText(country);
    await expect(tooltip).toContainText(`Clicks ${clicks.toLocaleString("en-US")}`);
    // Its figures are its description too (the visually hidden table of the map).
    await expect(shape).toHaveAccessibleDescription(new RegExp(`^Clicks ${clicks.toLocaleString("en-US")}, `));

    // Keyboard: the map is one Tab stop; the arrow keys move between countries with clicks, the tooltip follows.
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
    await shape.focus();
    await expect(tooltip).toContainText(country);
    await page.keyboard.press("ArrowRight");
    const next = map.locator(":focus");
    const nextName = (await next.getAttribute("aria-label"))!.replace("Filter by country ", "");
    expect(nextName).not.toBe(country);
    await expect(tooltip).toContainText(nextName);
    await expect(map.locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press("ArrowLeft");
    await expect(shape).toBeFocused();

    // A click adds the same filter a row adds: in the URL, as a chip, and in the figures.
    await shape.click();
    await expect.poll(() => urlParam(page, "country")).toMatch(/^[A-Z]{2}$/);
    await expect(
      page.getByRole("region", { name: "Filters" }).getByText(`Country is ${country}`, { exact: false }),
    ).toBeVisible();
    await expect.poll(() => kpiNumber(page, "Clicks")).toBe(clicks);
    // The card leaves its own filter out: the map still shows every country, the chosen one pressed.
    await expect(map.getByRole("button", { name: `Filter by country ${country}`, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await map.getByRole("button", { name: /^Filter by country / }).count()).toBeGreaterThan(1);

    // Enter on the same country removes the filter again, as a second click on its row does.
    await shape.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => urlParam(page, "country")).toBeNull();

    // Back to bars.
    await mapButton.click();
    await expect(locations.getByRole("list", { name: "Countries" })).toBeVisible();
  });

  test("the map view has no serious accessibility violation (axe)", async ({ page }) => {
    await page.goto(VIEW);
    const locations = await openLocations(page);
    await locations.getByRole("button", { name: "Show as map, Locations" }).click();
    const map = locations.getByRole("group", { name: "Map of countries by clicks" });
    await map
      .getByRole("button", { name: /^Filter by country / })
      .first()
      .hover();
    await expect(locations.locator("[data-map-tooltip]")).toBeVisible();
    await expectNoSeriousViolations(
      page,
      "the Locations card as a map",
      'section[aria-labelledby="breakdown-locations-title"]',
    );
  });
});
