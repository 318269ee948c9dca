import { expect, type Page } from "@playwright/test";

/** Small helpers shared by the journeys; everything is found by role and accessible name. */

export const eventsTable = (page: Page) => page.getByRole("table", { name: /^(Clicks|Leads|Sales), page/ });

/** Data rows only (the header row has column headers, not cells; spacer rows are aria-hidden). */
export const dataRows = (page: Page) =>
  eventsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

/** The text of the first rows once the table shows the current view (not the previous one, kept while loading). */
export async function firstRowsText(page: Page, count = 5): Promise<string[]> {
  await expect(dataRows(page).first()).toBeVisible();
  await expect(eventsTable(page)).not.toHaveAttribute("aria-busy", "true");
  return (await dataRows(page).allInnerTexts()).slice(0, count);
}

/** A query parameter of the page's current URL, decoded. */
export function urlParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/** The events section loads when it comes near the viewport (below the charts): scroll there, as a person would. */
export async function showEvents(page: Page): Promise<void> {
  // The page itself scrolls (the placeholder is replaced while the section loads), and again until the
  // section is there: the streamed charts above may be revealed after a first scroll, pushing it down.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("heading", { name: "Events", exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByRole("button", { name: "Show events" })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

const API_PREFIX = String.raw`/api/(?:[ws]/[^/?#]+/)?`;

/**
 * The dashboard's API endpoint `name` (`events`, `analytics`, …) as the page calls it: under its
 * workspace (`/api/w/<slug>/…`) or share link (`/api/s/<token>/…`), or the default one. For
 * page.route and request checks, which must not depend on which workspace `/` opened.
 */
export const apiEndpoint = (name: string): RegExp => new RegExp(`${API_PREFIX}${name}\\?`);

/** The URL is a request to the dashboard's API endpoint `name`. */
export function isApiCall(url: string, name: string): boolean {
  return new RegExp(`^${API_PREFIX}${name}$`).test(new URL(url).pathname);
}
