import { expect, type Locator, type Page } from "@playwright/test";
import { scrollTo } from "./fixtures";

/**
 * What the chart journeys (e2e/charts*.spec.ts) share. The e2e database holds 60 days up to its
 * seeding, so 90 days show all of it and the numbers do not move while a test runs.
 */

export const VIEW = "/?interval=90d&timezone=UTC";

export const KPI_NAMES = ["Clicks", "Leads", "Sales", "Revenue", "Click → lead", "Lead → customer"] as const;

export const kpiRow = (page: Page) => page.getByRole("group", { name: "Key figures", exact: true });
export const kpi = (page: Page, name: (typeof KPI_NAMES)[number]) =>
  kpiRow(page).getByRole("group", { name, exact: true });
export const kpiText = (page: Page, name: (typeof KPI_NAMES)[number]) => kpi(page, name).locator("[data-kpi-value]");
export const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
export const timeSeries = (page: Page) => page.getByRole("figure", { name: /over time$/ });

/** Picks a preset range ("Last 7 days", …) from the date range menu. */
export async function choosePresetRange(page: Page, name: RegExp): Promise<void> {
  await page.getByRole("button", { name: /^Date range:/ }).click();
  await page.getByRole("dialog", { name: "Date range" }).getByRole("menuitemradio", { name }).click();
}

/** "12,345" → 12345. */
export function count(text: string): number {
  const digits = text.replace(/[^\d]/g, "");
  if (!digits) throw new Error(`no number in "${text}"`);
  return Number(digits);
}

export async function kpiNumber(page: Page, name: (typeof KPI_NAMES)[number]): Promise<number> {
  await expect(kpiText(page, name)).toHaveText(/\d/);
  return count(await kpiText(page, name).innerText());
}

/** Loads a lazy card: it fetches only once scrolled into view. */
export async function openCard(page: Page, name: string): Promise<Locator> {
  const region = card(page, name);
  await scrollTo(region);
  await expect(region.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible();
  return region;
}

/** A breakdown row's value (the first number of the text the row is described by). */
export async function rowValue(row: Locator): Promise<number> {
  const description = await row.getAttribute("aria-describedby");
  if (!description) throw new Error("row without description");
  const text = await row.page().locator(`[id="${description}"]`).innerText();
  return count(text.split(/\s+/)[0]);
}

/** All six KPI texts once both counts (current and previous period) have settled. */
export async function kpiValues(page: Page): Promise<string[]> {
  await expect(kpiRow(page)).toHaveAttribute("aria-busy", "false");
  const values: string[] = [];
  for (const name of KPI_NAMES) {
    await expect(kpiText(page, name)).toHaveText(/\d|—/);
    values.push(await kpiText(page, name).innerText());
  }
  return values;
}
