import { expect, test, type Locator, type Page } from "@playwright/test";
import { urlParam, scrollTo } from "./fixtures";

/**
 * Comparison everywhere: in the URL, on the key figures, the chart, and every breakdown row (the
 * change of its metric and of its share, sortable by change). The e2e database holds 60 days up to
 * its seeding: the last 30 days compare with the 30 before, and the year before has nothing.
 */

const VIEW = "/?interval=30d&timezone=UTC";
const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function openLocations(page: Page): Promise<Locator> {
  const region = card(page, "Locations");
  await scrollTo(region);
  await expect(region.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
  return region;
}

/** "+12.5%" → 0.125; "new" → Infinity; "—" → null. */
function changeValue(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "new") return Number.POSITIVE_INFINITY;
  const match = /^([+-−]?[\d.,]+)%$/.exec(trimmed.replace("−", "-"));
  return match ? Number(match[1].replace(/,/g, "")) / 100 : null;
}

async function changeColumn(table: Locator): Promise<(number | null)[]> {
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((text) => text.trim().startsWith("Change"));
  return (await table.locator(`tbody tr > :nth-child(${index + 1})`).allInnerTexts()).map(changeValue);
}

test.describe("comparison", () => {
  test("X compares with the previous period: key figures, chart and every Locations row show their change; sorted by change, largest rise first", async ({
    page,
  }) => {
    await page.goto(VIEW);
    await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
    // The server's HTML shows the figures before the page is hydrated and listens for keys: press until it does.
    await expect(async () => {
      if (urlParam(page, "compare") === null) await page.locator("body").press("x");
      await expect.poll(() => urlParam(page, "compare"), { timeout: 1_000 }).toBe("previous");
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: /^Compare: Previous period/ })).toBeVisible();
    await expect(page.getByRole("figure", { name: /over time$/ }).getByText(/^Previous period:/)).toBeVisible();

    const locations = await openLocations(page);
    const countries = locations.getByRole("list", { name: "Countries" });
    await expect(countries.locator("[data-row-change]").first()).toHaveText(/%|new|—|few before/);
    await expect(locations.getByText(/change against the previous period/)).toBeVisible();

    await locations.getByRole("button", { name: "Show as table, Locations" }).click();
    const table = locations.getByRole("table");
    await expect(table.getByRole("columnheader", { name: /^Change/ })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: /^Share change/ })).toBeVisible();
    // Every row's change is in (no "…" left).
    await expect(table.locator("tbody")).not.toContainText("…");
    await locations.getByRole("button", { name: "Sort by change, Locations" }).click();
    await expect(table.getByRole("columnheader", { name: /^Change/ })).toHaveAttribute("aria-sort", "descending");
    const descending = (await changeColumn(table)).filter((v): v is number => v !== null);
    expect(descending.length).toBeGreaterThan(1);
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);

    // The header reverses it: the largest fall first.
    await table
      .getByRole("columnheader", { name: /^Change/ })
      .getByRole("button")
      .click();
    await expect(table.getByRole("columnheader", { name: /^Change/ })).toHaveAttribute("aria-sort", "ascending");
    const ascending = (await changeColumn(table)).filter((v): v is number => v !== null);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);

    await page.locator("body").press("x");
    await expect.poll(() => urlParam(page, "compare")).toBeNull();
    await expect(locations.getByRole("table").getByRole("columnheader", { name: /^Change/ })).toHaveCount(0);
  });

  test("the year before, matching weekdays, is in the URL and a fresh context compares the same way", async ({
    page,
    browser,
  }) => {
    await page.goto(VIEW);
    await page.getByRole("button", { name: /^Compare: off/ }).click();
    const panel = page.getByRole("dialog", { name: "Comparison" });
    await panel.getByRole("radio", { name: "Year before" }).check();
    await expect.poll(() => urlParam(page, "compare")).toBe("year");
    await panel.getByRole("checkbox", { name: "Match the day of the week" }).check();
    await expect.poll(() => urlParam(page, "compareMatch")).toBe("weekday");
    await page.keyboard.press("Escape");
    // The seed holds 60 days: a year before there was nothing, so the clicks are new.
    await expect(page.getByRole("group", { name: "Clicks", exact: true })).toContainText("new");
    await expect(page.getByRole("figure", { name: /over time$/ }).getByText(/^Year before:/)).toBeVisible();

    const other = await browser.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("button", { name: /^Compare: Year before, same weekdays/ })).toBeVisible();
    await expect(
      other
        .getByRole("group", { name: "Clicks", exact: true })
        .getByText(/in the same period a year before, same days of the week/),
    ).toBeAttached();
    await other.close();
  });

  test("a custom comparison range is written as dates; ← and → move the range by one period", async ({ page }) => {
    await page.goto("/?start=2026-01-01&end=2026-01-07&timezone=UTC");
    await page.getByRole("button", { name: /^Compare: off/ }).click();
    const panel = page.getByRole("dialog", { name: "Comparison" });
    await panel.getByRole("radio", { name: "Custom range" }).check();
    await panel.getByLabel("Compare from").fill("2025-12-01");
    await panel.getByLabel("Compare to").fill("2025-12-07");
    await panel.getByRole("button", { name: "Compare with these dates" }).click();
    await expect
      .poll(() => [urlParam(page, "compare"), urlParam(page, "compareStart"), urlParam(page, "compareEnd")])
      .toEqual(["custom", "2025-12-01", "2025-12-07"]);
    await page.keyboard.press("Escape");

    await page.locator("body").press("ArrowLeft");
    await expect.poll(() => [urlParam(page, "start"), urlParam(page, "end")]).toEqual(["2025-12-25", "2025-12-31"]);
    await page.locator("body").press("ArrowRight");
    await page.locator("body").press("ArrowRight");
    await expect.poll(() => [urlParam(page, "start"), urlParam(page, "end")]).toEqual(["2026-01-08", "2026-01-14"]);
    // The comparison stays as chosen.
    expect(urlParam(page, "compare")).toBe("custom");
  });
});
