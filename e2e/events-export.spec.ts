import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { openAndWait, stubSavePicker } from "./eventsTable";

/**
 * Exporting the events table against the real proxy and embedded platform.
 */

test.describe("events table", () => {
  test("export streams every matching event into a CSV download (a browser without a file picker)", async ({
    page,
  }) => {
    await page.addInitScript(() => Reflect.deleteProperty(window, "showSaveFilePicker"));
    await openAndWait(page, "/?interval=7d");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^linklens-clicks-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    // A UTF-8 byte-order mark first: spreadsheet apps that guess the encoding read names like "Noah López" right.
    expect(csv.startsWith("\uFEFFTime,")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\n");
    expect(lines[0]).toBe("Time,Short link,Destination URL,Country,City,Device,Browser,OS,Trigger,Referrer");
    expect(lines.length - 1).toBeGreaterThan(0);
    expect(lines.some((l) => l.startsWith("# export failed"))).toBe(false);
    await expect(page.getByRole("status").filter({ hasText: /^Saving linklens-clicks-/ })).toBeVisible();
  });

  test("export writes into the file the user picks as it arrives, counting rows", async ({ page }) => {
    await page.addInitScript(stubSavePicker, { stall: false });
    await openAndWait(page, "/?interval=7d");
    await page.getByRole("button", { name: "Export CSV" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Exported [\d,]+ rows/ })).toBeVisible();
    const csv = await page.evaluate(() => (window as unknown as { exported: string }).exported);
    expect(csv.startsWith("\uFEFFTime,")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\n");
    expect(lines[0]).toBe("Time,Short link,Destination URL,Country,City,Device,Browser,OS,Trigger,Referrer");
    await expect(page.getByRole("status").filter({ hasText: /^Exported [\d,]+ rows/ })).toHaveText(
      `Exported ${(lines.length - 1).toLocaleString("en-US")} rows`,
    );
  });

  test("an export can be cancelled", async ({ page }) => {
    // A stalled disk: the export is still running when Cancel is pressed.
    await page.addInitScript(stubSavePicker, { stall: true });
    await openAndWait(page, "/?interval=all");
    let downloaded = false;
    page.on("download", () => {
      downloaded = true;
    });
    await page.getByRole("button", { name: "Export CSV" }).click();
    await expect(page.getByRole("status").filter({ hasText: /rows…$/ })).toBeVisible();
    await page.getByRole("button", { name: "Cancel export" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Export cancelled" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
    expect(downloaded).toBe(false);
  });
});
