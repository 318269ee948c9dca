import { expect, test } from "@playwright/test";
import { apiEndpoint, isApiCall, showEvents } from "./fixtures";
import { WIDE, dataRows, eventsTable, firstRowsText, openAndWait } from "./eventsTable";

/**
 * The events table's paging, page sizes and sort against the real proxy and embedded platform.
 */

test.describe("events table", () => {
  test("paging: Next goes to page 2, Back restores page 1", async ({ page }) => {
    await openAndWait(page, WIDE);
    const pageOne = await firstRowsText(page);
    const pager = page.getByRole("navigation", { name: "Events pages" });
    await expect(pager.getByText("Page 1")).toBeVisible();
    await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();

    await pager.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByText("Page 2")).toBeVisible();
    await expect(eventsTable(page)).not.toHaveAttribute("aria-busy", "true");
    const pageTwo = await firstRowsText(page);
    expect(pageTwo).not.toEqual(pageOne);

    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(pager.getByText("Page 1")).toBeVisible();
    await expect(eventsTable(page)).not.toHaveAttribute("aria-busy", "true");
    expect(await firstRowsText(page)).toEqual(pageOne);
  });

  test("only pages the platform serves are offered (page × limit ≤ 100,000); older events are one sort away", async ({
    page,
  }) => {
    // Staged: the view's series (whose sum is the view's count) says 140,150 clicks (the e2e data
    // holds far fewer); the pages are the platform's. The URL has no time zone, so the browser, not
    // the server, asks for the series.
    await page.route(apiEndpoint("analytics"), async (route) => {
      const params = new URL(route.request().url()).searchParams;
      if (params.get("groupBy") !== "timeseries" || params.get("event") !== "composite") return route.fallback();
      const reply = await route.fetch();
      const series = (await reply.json()) as Record<string, unknown>[];
      return route.fulfill({
        response: reply,
        json: series.map((bucket, i) => ({ ...bucket, clicks: i === 0 ? 140_150 : 0 })),
      });
    });
    await openAndWait(page, WIDE);
    const pager = page.getByRole("navigation", { name: "Events pages" });
    await expect(pager).toContainText("1–100 of 140,150");
    // 1,402 pages of 100 in the view, but only the first 1,000 reach no deeper than 100,000 events.
    await expect(pager.getByText("Page 1 of 1,000", { exact: true })).toBeVisible();
    await expect(pager.getByRole("spinbutton", { name: "Go to page" })).toHaveAttribute("max", "1000");
    const note = page
      .getByRole("note")
      .filter({ hasText: "Paging reaches the 100,000 newest events (1,000 pages of 100)" });
    await expect(note).toBeVisible();

    // The oldest events: sorted the other way, from page 1.
    await note.getByRole("button", { name: "Show oldest first" }).click();
    await expect(page).toHaveURL(/[?&]sortOrder=asc/);
    await expect(eventsTable(page).getByRole("columnheader", { name: /Time/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(page.getByRole("note").filter({ hasText: "Paging reaches the 100,000 oldest events" })).toBeVisible();
    await page.unroute(apiEndpoint("analytics"));

    // A link to a page past the depth is explained, not refused, with a way back to the last page.
    await page.goto(`${WIDE}&limit=1000&page=101`);
    await showEvents(page);
    const alert = page.getByRole("alert").filter({ hasText: "Page 101 is beyond the last page the platform serves" });
    await expect(alert).toBeVisible();
    await expect(page.getByText(/The platform refused this view/)).toHaveCount(0);
    await alert.getByRole("button", { name: "Go to page 100" }).click();
    await expect(page).toHaveURL(/[?&]page=100(&|$)/);
    await expect(alert).toHaveCount(0);
  });

  test("the next page is prefetched, so Next shows it without another request", async ({ page }) => {
    const eventsRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (isApiCall(url.href, "events") && !url.searchParams.has("saleType"))
        eventsRequests.push(url.searchParams.get("page") ?? "1");
    });
    await openAndWait(page, WIDE);
    await expect.poll(() => eventsRequests.includes("2")).toBe(true);
    const before = eventsRequests.length;

    await page.getByRole("navigation", { name: "Events pages" }).getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(dataRows(page).first()).toBeVisible();
    expect(eventsRequests.slice(before).filter((p) => p === "2")).toEqual([]);
  });

  test("changing a filter goes back to page 1", async ({ page }) => {
    await openAndWait(page, `${WIDE}&page=3`);
    await expect(page.getByRole("navigation", { name: "Events pages" }).getByText("Page 3")).toBeVisible();
    await dataRows(page).first().hover();
    await dataRows(page)
      .first()
      .getByRole("button", { name: /^Filter by device / })
      .click();
    await expect(page).toHaveURL(/[?&]device=[^&]+/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByRole("navigation", { name: "Events pages" }).getByText("Page 1")).toBeVisible();
  });

  test("page size 500 is virtualized and Next is off on a short page", async ({ page }) => {
    await openAndWait(page, WIDE);
    await page.getByLabel("Rows per page").selectOption("500");
    await expect(page).toHaveURL(/[?&]limit=500/);
    await expect(eventsTable(page)).toHaveAttribute("aria-rowcount", "501");
    const rendered = await dataRows(page).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);

    // Keyboard: End jumps to the last row, which is rendered on demand.
    await dataRows(page).first().focus();
    await page.keyboard.press("End");
    await expect(eventsTable(page).locator('tbody tr[aria-rowindex="501"]')).toBeFocused();

    // A narrow range holds fewer rows than a page: no next page.
    await page.goto("/?interval=24h&limit=1000");
    await showEvents(page);
    await expect(dataRows(page).first()).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Events pages" }).getByRole("button", { name: "Next" }),
    ).toBeDisabled();
  });

  test("sort toggles between newest and oldest first", async ({ page }) => {
    await openAndWait(page, WIDE);
    const newest = await firstRowsText(page, 1);
    const timeHeader = eventsTable(page).getByRole("columnheader", { name: /Time/ });
    await expect(timeHeader).toHaveAttribute("aria-sort", "descending");

    await timeHeader.getByRole("button").click();
    await expect(page).toHaveURL(/[?&]sortOrder=asc/);
    await expect(timeHeader).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(() => firstRowsText(page, 1)).not.toEqual(newest);

    await timeHeader.getByRole("button").click();
    await expect(page).not.toHaveURL(/sortOrder=/);
    await expect(timeHeader).toHaveAttribute("aria-sort", "descending");
  });
});
