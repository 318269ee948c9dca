import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";

/** A partner manager's journey through the partners report, against the real proxy and embedded platform. */

const VIEW = "/?interval=90d&timezone=UTC&report=partners";

const report = (page: Page) => page.getByRole("region", { name: "Partners", exact: true });
const kpi = (page: Page, name: string) =>
  page
    .getByRole("group", { name: "Key figures", exact: true })
    .getByRole("group", { name, exact: true })
    .locator("[data-kpi-value]");

/** "$1,234.56" → 123456. */
const cents = (text: string) => Number(text.replace(/[^\d]/g, ""));

test("the partners report: sorted by revenue, its total equals the page's tiles, a partner filters the page, and it exports", async ({
  page,
}) => {
  await page.goto(VIEW);
  const table = report(page).getByRole("table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /^Revenue/ })).toHaveAttribute("aria-sort", "descending");

  // Revenue, largest first.
  const revenueIndex = await table
    .locator("thead th")
    .evaluateAll((cells) => cells.findIndex((c) => c.textContent?.startsWith("Revenue")));
  const revenues = (
    await table.locator(`tbody tr td:nth-child(${revenueIndex + 1}) > span:first-child`).allInnerTexts()
  ).map(cents);
  expect(revenues.length).toBeGreaterThan(1);
  expect([...revenues].sort((a, b) => b - a)).toEqual(revenues);

  // Sorting by another column and back, in the URL.
  await table.getByRole("button", { name: /^Customers/ }).click();
  await expect(page).toHaveURL(/[?&]sort=customers(&|$)/);
  await expect(table.getByRole("columnheader", { name: /^Customers/ })).toHaveAttribute("aria-sort", "descending");
  await table.getByRole("button", { name: /^Customers/ }).click();
  await expect(table.getByRole("columnheader", { name: /^Customers/ })).toHaveAttribute("aria-sort", "ascending");
  await table.getByRole("button", { name: /^Revenue/ }).click();

  // The "All links" row is the page's total.
  const allLinks = table.locator("tfoot tr").filter({ has: page.getByRole("rowheader", { name: "All links" }) });
  await expect(allLinks.locator(`td:nth-child(${revenueIndex + 1}) > span:first-child`)).toHaveText(
    (await kpi(page, "Revenue").innerText()).trim(),
  );

  // The CSV holds the table's rows and the links without a partner.
  const downloading = page.waitForEvent("download");
  await report(page).getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^linklens-partners-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\n");
  // A byte-order mark first, so spreadsheet apps read accented names as UTF-8.
  expect(lines[0]).toMatch(/^\uFEFFPartner,Partner ID,Email,Country,Clicks,Leads,Customers,Sales,Revenue \(USD\)/);
  expect(lines).toHaveLength((await table.locator("tbody tr").count()) + 2);

  // Opening a partner filters the whole page to it.
  const first = table.locator("tbody tr").first().getByRole("button");
  const name = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/[?&]partnerId=pn_[^&]+/);
  await expect(page.getByRole("group", { name: "Active filters" })).toContainText(`Partner is ${name.trim()}`);
  await expect(table.locator("tbody tr")).toHaveCount(1);

  // Its first purchases (per link, summed) are the overview's (a count): the lead → customer rate, and the share of renewals in sales.
  const figures = page.getByRole("group", { name: "Key figures", exact: true });
  const tiles = ["Lead → customer", "Sales"];
  await expect(figures).toHaveAttribute("aria-busy", "false");
  const onReport = await Promise.all(
    tiles.map(async (name) => (await figures.getByRole("group", { name, exact: true }).textContent()) ?? ""),
  );
  expect(onReport[0]).toMatch(/\d/);
  const overview = new URL(page.url());
  overview.searchParams.delete("report");
  await page.goto(overview.toString());
  await expect(report(page)).toHaveCount(0);
  for (const [i, name] of tiles.entries())
    await expect(figures.getByRole("group", { name, exact: true })).toHaveText(onReport[i]);
});

test("a partner manager narrows the partners report to a partner group picked by name: the URL holds the id, the chip the name", async ({
  page,
}) => {
  await page.goto(VIEW);
  const table = report(page).getByRole("table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const everyPartner = await table.locator("tbody tr").count();

  const filters = page.getByRole("region", { name: "Filters" });
  await filters.getByRole("button", { name: "Add filter" }).click();
  await page
    .getByRole("dialog", { name: "Add filter" })
    .getByRole("menuitem", { name: /^Partner group/ })
    .click();
  const values = page.getByRole("dialog", { name: "Add filter" }).getByRole("list", { name: "Partner group values" });
  await expect(values.getByRole("checkbox").first()).toBeVisible();
  const names = (await values.getByRole("listitem").allInnerTexts()).map((text) => text.trim());
  expect(names.length).toBeGreaterThan(1);
  expect(names.filter((name) => name.startsWith("grp_"))).toEqual([]);
  // A group other than Default holds fewer partners than the whole program.
  const group = names.find((name) => name !== "Default")!;
  await values.getByRole("checkbox", { name: group }).check();
  await expect(page).toHaveURL(/[?&]groupId=grp_[^&]+/);
  await page.keyboard.press("Escape");
  await expect(filters.getByRole("button", { name: new RegExp(`^Partner group is .*${group}$`) })).toBeVisible();

  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
  await expect.poll(() => table.locator("tbody tr").count()).toBeLessThan(everyPartner);
  expect(await table.locator("tbody tr").count()).toBeGreaterThan(0);
});
