import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { showEvents, scrollTo } from "./fixtures";

/** A 390×844 phone: the header fits, every control and every column can be reached. */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const VIEW = "/?interval=30d&timezone=UTC";

/** The page never scrolls sideways: what does not fit scrolls inside its own box. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("the header fits the screen, every link and button in it on screen; the skip link leads to the main content", async ({
  page,
}) => {
  await page.goto(VIEW);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Linklens" })).toBeVisible();
  const box = await header.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  for (const control of await header.locator("a:visible, button:visible, select:visible").all()) {
    if ((await control.textContent())?.includes("Skip to main content")) continue;
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // Keyboard: the first Tab stop skips the header.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("every dashboard control is on screen once scrolled to: nothing is pushed past the right edge", async ({
  page,
}) => {
  await page.goto(VIEW);
  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
  await showEvents(page);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const filters = page.getByRole("region", { name: "Filters" });
  for (const name of ["Add filter", "Live"]) {
    const control = filters.getByRole("button", { name, exact: true });
    await scrollTo(control);
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  const zone = filters.getByRole("combobox", { name: "Time zone" });
  await scrollTo(zone);
  await expect(zone).toBeInViewport({ ratio: 1 });
  const exportButton = page.getByRole("button", { name: "Export CSV" });
  await scrollTo(exportButton);
  await expect(exportButton).toBeInViewport({ ratio: 1 });
});

/**
 * Records, on every frame from the first, the widest the page has been: a placeholder, a skeleton
 * or a section that loads late must not widen it either. Read with widestSoFar.
 */
async function recordWidest(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { widest: number };
    record.widest = 0;
    const sample = () => {
      record.widest = Math.max(record.widest, document.documentElement.scrollWidth);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

async function widestSoFar(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max((window as unknown as { widest: number }).widest, document.documentElement.scrollWidth),
  );
}

/** The events below the report, loaded, with their pager ("Previous · Page 1 of n · Next · Go to page"). */
async function showEventsWithPager(page: Page): Promise<void> {
  await showEvents(page);
  // The events of a long range take a while on a busy machine.
  await expect(page.getByRole("navigation", { name: "Events pages" })).toBeVisible({ timeout: 45_000 });
}

test("the partners report never scrolls sideways, loading or loaded; every column of its table scrolls into view inside the table", async ({
  page,
}) => {
  await recordWidest(page);
  await page.goto(`${VIEW}&report=partners`);
  const report = page.getByRole("region", { name: "Partners", exact: true });
  const table = report.getByRole("table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await showEventsWithPager(page);
  expect(await widestSoFar(page)).toBeLessThanOrEqual(390);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // Every column, one after the other, whole and right of the partner column, which stays put.
  const scroller = table.locator("xpath=..");
  const headers = await table.getByRole("columnheader").all();
  expect(headers.length).toBe(11);
  const [partner, ...figures] = headers;
  await expect(partner).toHaveAccessibleName(/^Partner/);
  const last = figures[figures.length - 1];
  await expect(last).toHaveAccessibleName(/Average sale/);
  await expect(last).not.toBeInViewport();
  const right = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Number.NaN);
  for (const header of figures) {
    await scrollTo(header);
    const [box, sticky, frame] = await Promise.all([
      header.boundingBox(),
      partner.boundingBox(),
      scroller.boundingBox(),
    ]);
    const name = (await header.textContent()) ?? "";
    // Whole (but for a sub-pixel), between the partner column and the table's right edge.
    expect(box?.x ?? Number.NaN, name).toBeGreaterThanOrEqual(right(sticky) - 1);
    expect(right(box), name).toBeLessThanOrEqual(right(frame) + 1);
    await expect(header).toBeInViewport({ ratio: 0.95 });
    await expect(partner).toBeInViewport({ ratio: 0.95 });
  }
  // The table scrolled, not the page.
  expect(await scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  expect(await widestSoFar(page)).toBeLessThanOrEqual(390);
});

for (const [what, path] of [
  ["the customers report", `${VIEW}&report=customers`],
  ["the sales events", "/?event=sales&interval=90d&timezone=UTC"],
] as const) {
  test(`${what} never scroll sideways, loading or loaded`, async ({ page }) => {
    test.slow();
    await recordWidest(page);
    await page.goto(path);
    await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
    await showEventsWithPager(page);
    expect(await widestSoFar(page)).toBeLessThanOrEqual(390);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
}

test("axe at phone width: the dashboard's first screen and the partners report", async ({ page }) => {
  // Two full audits of a long page: on a busy machine they take longer than one journey's default.
  test.slow();
  await page.goto(VIEW);
  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
  await expectNoSeriousViolations(page, "phone dashboard");
  await page.goto(`${VIEW}&report=partners`);
  await expect(page.getByRole("region", { name: "Partners", exact: true }).locator("tbody tr").first()).toBeVisible();
  await expectNoSeriousViolations(page, "phone partners report");
});

test("without sign-in, the account page leads to the dashboard (not a loop of redirects)", async ({ page }) => {
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Link analytics" })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});
