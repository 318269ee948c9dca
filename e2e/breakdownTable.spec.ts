import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { scrollTo } from "./fixtures";

/** Every metric side by side in a breakdown's table view, sortable by any column, with totals; the same columns in the card's CSV. */

const VIEW = "/?interval=90d&timezone=UTC";

async function locationsTable(page: Page): Promise<{ region: Locator; table: Locator }> {
  const region = page.getByRole("region", { name: "Locations", exact: true });
  await scrollTo(region);
  // The first card of the run waits for the server to warm up on a loaded machine.
  await expect(region.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
  await region.getByRole("button", { name: "Show as table, Locations" }).click();
  const table = region.getByRole("table");
  await expect(table.getByRole("columnheader", { name: /^Lead → customer/ })).toBeVisible();
  return { region, table };
}

/** The texts of one column, found by its header. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((text) => text.trim().startsWith(header));
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(" | ")}`);
  return table.locator(`tbody tr > :nth-child(${index + 1})`).allInnerTexts();
}

/** "1,234" / "$5.00" / "12.5%" → a number; "—" → null. */
function numberOf(text: string): number | null {
  const digits = text.replace(/[^\d.]/g, "");
  return digits ? Number(digits) : null;
}

test.describe("breakdown table", () => {
  test("shows clicks, leads, sales, revenue and both rates per country, sorts by any column, and totals them", async ({
    page,
  }) => {
    await page.goto(VIEW);
    const { table } = await locationsTable(page);
    for (const name of [/^Clicks/, /^Leads/, /^Sales/, /^Revenue/, /^Click → lead/, /^Lead → customer/])
      await expect(table.getByRole("columnheader", { name })).toBeVisible();
    await expect(table.locator("tfoot").getByRole("rowheader", { name: "Total" })).toBeVisible();

    const leads = table.getByRole("columnheader", { name: /^Leads/ });
    await leads.getByRole("button").click();
    await expect(leads).toHaveAttribute("aria-sort", "descending");
    const values = (await columnTexts(table, "Leads")).map(numberOf).filter((v): v is number => v !== null);
    expect(values.length).toBeGreaterThan(1);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    await leads.getByRole("button").click();
    await expect(leads).toHaveAttribute("aria-sort", "ascending");
  });

  test("the card's CSV holds every row with the same columns", async ({ page }) => {
    await page.goto(VIEW);
    const { region, table } = await locationsTable(page);
    const shownRows = await table.locator("tbody tr").count();
    const download = page.waitForEvent("download");
    await region.getByRole("button", { name: "Download CSV, Countries" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^linklens-countries-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await file.path())!, "utf8")).replace(/^\ufeff/, "");
    const [header, ...lines] = text.trim().split("\n");
    expect(header).toBe(
      "Country,Value,Clicks,Leads,Sales,Revenue (USD),Click → lead (%),Lead → customer (%),Share of clicks (%)",
    );
    expect(lines.length).toBeGreaterThanOrEqual(shownRows);
    expect(lines[0]).toMatch(/^[^,]+,[A-Z]{2},\d+,\d+,\d+,[\d.]+,/);
  });
});
