import { expect, test } from "@playwright/test";
import { isApiCall, showEvents } from "./fixtures";
import { WIDE, dataRows, eventsTable, openAndWait } from "./eventsTable";

/**
 * Journeys through the events table against the real proxy and embedded platform: loading,
 * kinds, cells and rows, columns. Paging, export and error states: events-*.spec.ts.
 */

test.describe("events table", () => {
  test("loads its code and first page only when scrolled near, or when its button is focused", async ({ page }) => {
    const eventsRequests: string[] = [];
    page.on("request", (request) => {
      if (isApiCall(request.url(), "events")) eventsRequests.push(request.url());
    });
    await page.goto(WIDE);
    await expect(page.getByRole("group", { name: "Key figures", exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(eventsRequests).toEqual([]);
    await expect(page.getByRole("button", { name: "Show events" })).toBeVisible();

    await page.getByRole("button", { name: "Show events" }).focus();
    await expect(dataRows(page).first()).toBeVisible();
    expect(eventsRequests.length).toBeGreaterThan(0);
  });

  test("the event kind picker at the top switches the kind in the URL and the table's columns with it", async ({
    page,
  }) => {
    await openAndWait(page, WIDE);
    const kinds = page.getByRole("region", { name: "Filters" }).getByRole("group", { name: "Event kind" });
    await expect(kinds.getByRole("button", { name: "Clicks" })).toHaveAttribute("aria-pressed", "true");
    await expect(eventsTable(page).getByRole("columnheader", { name: "Event name" })).toHaveCount(0);

    await kinds.getByRole("button", { name: "Leads" }).click();
    await expect(page).toHaveURL(/[?&]event=leads/);
    await expect(kinds.getByRole("button", { name: "Leads" })).toHaveAttribute("aria-pressed", "true");
    await expect(
      page.getByRole("table", { name: /^Leads/ }).getByRole("columnheader", { name: "Event name" }),
    ).toBeVisible();
    await expect(
      page.getByRole("table", { name: /^Leads/ }).getByRole("columnheader", { name: "Customer name" }),
    ).toBeVisible();

    // From the keyboard: Tab to the next kind, Enter picks it.
    await kinds.getByRole("button", { name: "Leads" }).focus();
    await page.keyboard.press("Tab");
    await expect(kinds.getByRole("button", { name: "Sales" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]event=sales/);
    const sales = page.getByRole("table", { name: /^Sales/ });
    await expect(sales.getByRole("columnheader", { name: "Amount" })).toBeVisible();
    await expect(sales.getByRole("columnheader", { name: "Type" })).toBeVisible();
    await expect(
      sales
        .locator("tbody tr[data-index]")
        .first()
        .getByText(/^(New|Recurring)$/),
    ).toBeVisible();
  });

  test("a value in a cell becomes a filter", async ({ page }) => {
    await openAndWait(page, WIDE);
    const button = dataRows(page)
      .first()
      .getByRole("button", { name: /^Filter by country / });
    const name = (await button.getAttribute("aria-label"))!.replace("Filter by country ", "");
    await dataRows(page).first().hover();
    await button.click();

    await expect(page).toHaveURL(/[?&]country=[A-Z]{2}(&|$)/);
    await expect(eventsTable(page)).not.toHaveAttribute("aria-busy", "true");
    await expect(dataRows(page).first()).toBeVisible();
    const rows = await dataRows(page).count();
    await expect(eventsTable(page).getByRole("button", { name: `Filter by country ${name}`, exact: true })).toHaveCount(
      rows,
    );

    // A second value of an include list is added to it.
    const other = dataRows(page)
      .first()
      .getByRole("button", { name: /^Filter by device / });
    await other.click();
    await expect(page).toHaveURL(/[?&]device=[^&]+/);
    await expect(page).toHaveURL(/[?&]country=[A-Z]{2}(&|$)/);
  });

  test("a row opens the full event; Escape closes it; IPs stay masked until revealed", async ({ page }) => {
    await openAndWait(page, WIDE);
    await dataRows(page).first().locator("td").first().click();
    const dialog = page.getByRole("dialog", { name: /^Click/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close event details" })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Copy Click ID" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Copy Link ID" })).toBeVisible();

    const ip = dialog.getByRole("definition").filter({ has: page.getByRole("button", { name: /IP$/ }) });
    await expect(ip).toContainText("•••");
    await dialog.getByRole("button", { name: "Reveal IP" }).click();
    await expect(ip).not.toContainText("•••");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(dataRows(page).first()).toBeFocused();
    // The detail's reveal is the page's: the toolbar toggle follows it.
    await expect(page.getByRole("button", { name: "Reveal IPs" })).toHaveAttribute("aria-pressed", "true");

    // Keyboard: Enter on a focused row opens it too.
    await page.keyboard.press("ArrowDown");
    await expect(dataRows(page).nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("button", { name: "Close event details" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("the column chooser is remembered per kind", async ({ page }) => {
    await openAndWait(page, WIDE);
    await page.getByRole("button", { name: /^Columns/ }).click();
    const chooser = page.getByRole("dialog", { name: "Clicks columns" });
    await chooser.getByRole("checkbox", { name: "IP address" }).check();
    await chooser.getByRole("checkbox", { name: "Browser" }).uncheck();
    await page.keyboard.press("Escape");
    const table = eventsTable(page);
    await expect(table.getByRole("columnheader", { name: "IP address" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Browser" })).toHaveCount(0);
    await expect(dataRows(page).first()).toContainText("•••");

    await page.getByRole("button", { name: "Reveal IPs" }).click();
    await expect(dataRows(page).first()).not.toContainText("•••");

    // Whether the browser restores the scroll position before the charts above have their height is a race: scroll as a reader would.
    await page.reload();
    await showEvents(page);
    await expect(dataRows(page).first()).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "IP address" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Browser" })).toHaveCount(0);
    await expect(dataRows(page).first()).toContainText("•••");
  });

  test("an empty view suggests a wider range", async ({ page }) => {
    await page.goto("/?interval=24h&country=AQ");
    await showEvents(page);
    await expect(page.getByText("No clicks in this range")).toBeVisible();
    await page.getByRole("button", { name: "Widen to last 30 days" }).click();
    await expect(page).toHaveURL(/[?&]interval=30d/);
    await expect(page).toHaveURL(/[?&]country=AQ/);
  });
});
