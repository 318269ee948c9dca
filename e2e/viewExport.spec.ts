import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { selectTab, scrollTo } from "./fixtures";

/** "Download view": one ZIP of the key figures, the time series and every card's CSV as its own button writes it; the Sales card's "New vs recurring" tab has its CSV too. */

const VIEW = "/?interval=90d&timezone=UTC";
const text = (bytes: Uint8Array) => strFromU8(bytes).replace(/^\ufeff/, "");

test.describe("exporting the whole view", () => {
  test("the ZIP holds the key figures, the series, each card on screen as its own CSV, and what the view is", async ({
    page,
  }) => {
    await page.goto(VIEW);
    const locations = page.getByRole("region", { name: "Locations", exact: true });
    await scrollTo(locations);
    await expect(locations.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });

    const cardDownload = page.waitForEvent("download");
    await locations.getByRole("button", { name: "Download CSV, Countries" }).click();
    const cardCsv = await readFile((await (await cardDownload).path())!);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download view" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^default-clicks-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(
      page.getByRole("status").filter({ hasText: /^Saved default-clicks-.*\.zip \(\d+ files\)\.$/ }),
    ).toBeVisible();

    const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    const names = Object.keys(files);
    expect(names.slice(0, 3)).toEqual(["about-this-export.txt", "key-figures.csv", "over-time.csv"]);
    const countries = names.find((name) => /^linklens-countries-.*\.csv$/.test(name));
    expect(countries).toBeDefined();
    // Byte for byte the card's own CSV.
    expect(Buffer.from(files[countries!]).equals(cardCsv)).toBe(true);

    const about = text(files["about-this-export.txt"]);
    expect(about).toContain(`View: ${page.url()}`);
    expect(about).toMatch(/Range: .+ \(UTC\)/);
    expect(about).toContain(countries);

    const [figuresHeader, ...figures] = text(files["key-figures.csv"]).trim().split("\n");
    expect(figuresHeader).toBe('Figure,Value,"Value, the previous period",Change');
    expect(figures.map((line) => line.split(",")[0])).toEqual([
      "Clicks",
      "Leads",
      "Sales",
      "Revenue (USD)",
      "Click → lead (%)",
      "Lead → customer (%)",
    ]);
    const clicksTile = page
      .getByRole("group", { name: "Key figures" })
      .getByText(/^[\d,]+$/)
      .first();
    expect(figures[0].split(",")[1]).toBe((await clicksTile.innerText()).replace(/,/g, ""));

    const [seriesHeader, ...series] = text(files["over-time.csv"]).trim().split("\n");
    expect(seriesHeader).toBe("Start,Clicks,Notes");
    expect(series.length).toBeGreaterThan(80);
  });

  test("the Sales card's New vs recurring tab downloads its CSV like the other tabs", async ({ page }) => {
    await page.goto(`${VIEW}&event=sales`);
    const sales = page.getByRole("region", { name: "Sales", exact: true });
    await scrollTo(sales);
    await selectTab(sales.getByRole("tab", { name: "New vs recurring" }));
    await expect(sales.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent("download");
    await sales.getByRole("button", { name: "Download CSV, New vs recurring" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^linklens-new-vs-recurring-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = (await readFile((await file.path())!, "utf8"))
      .replace(/^\ufeff/, "")
      .trim()
      .split("\n");
    expect(header).toBe("Sale type,Value,Sales,Revenue (USD),Share of revenue (%)");
    expect(lines.map((line) => line.split(",").slice(0, 2).join(","))).toEqual(["New,new", "Recurring,recurring"]);
  });
});
