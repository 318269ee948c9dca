import { readFile } from "node:fs/promises";
import { expect, test, type Page, type Route } from "@playwright/test";
import { apiEndpoint, isApiCall, showEvents } from "./fixtures";

/**
 * Journeys through the events table against the real proxy and embedded platform.
 * Error states are staged with page.route (the proxy's own error paths have integration tests).
 */

const WIDE = "/?interval=90d";

const eventsTable = (page: Page) => page.getByRole("table", { name: /^(Clicks|Leads|Sales), page/ });
const dataRows = (page: Page) => eventsTable(page).locator("tbody tr[data-index]");

async function firstRowsText(page: Page, count = 5): Promise<string[]> {
  await expect(dataRows(page).first()).toBeVisible();
  return dataRows(page).evaluateAll((rows, n) => rows.slice(0, n).map((r) => (r as HTMLElement).innerText), count);
}

async function openAndWait(page: Page, url: string) {
  await page.goto(url);
  await showEvents(page);
  await expect(dataRows(page).first()).toBeVisible();
}

function errorBody(code: string, message: string) {
  return JSON.stringify({ error: { code, message, doc_url: `https://linklens.dev/docs/api-reference/errors#${code.replaceAll("_", "-")}` } });
}

function fulfillError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return (route: Route) => route.fulfill({ status, contentType: "application/json", headers, body: errorBody(code, message) });
}

/**
 * A File System Access picker whose file collects what is written into `window.exported`. With
 * `stall`, the disk takes the first chunk and then never finishes another write: the export is
 * still running whenever the test looks.
 */
function stubSavePicker({ stall }: { stall: boolean }): void {
  const target = window as unknown as { exported: string; showSaveFilePicker: unknown };
  target.exported = "";
  // ignoreBOM: keep the file's byte-order mark in what the test reads, as a file on disk has it.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  target.showSaveFilePicker = async ({ suggestedName }: { suggestedName: string }) => ({
    name: suggestedName,
    createWritable: async () =>
      new WritableStream<Uint8Array>({
        write: (chunk) => {
          const first = target.exported === "";
          target.exported += decoder.decode(chunk, { stream: true });
          return stall && !first ? new Promise<void>(() => {}) : Promise.resolve();
        },
      }),
  });
}

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

  test("the event kind picker at the top switches the kind in the URL and the table's columns with it", async ({ page }) => {
    await openAndWait(page, WIDE);
    const kinds = page.getByRole("region", { name: "Filters" }).getByRole("group", { name: "Event kind" });
    await expect(kinds.getByRole("button", { name: "Clicks" })).toHaveAttribute("aria-pressed", "true");
    await expect(eventsTable(page).getByRole("columnheader", { name: "Event name" })).toHaveCount(0);

    await kinds.getByRole("button", { name: "Leads" }).click();
    await expect(page).toHaveURL(/[?&]event=leads/);
    await expect(kinds.getByRole("button", { name: "Leads" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("table", { name: /^Leads/ }).getByRole("columnheader", { name: "Event name" })).toBeVisible();
    await expect(page.getByRole("table", { name: /^Leads/ }).getByRole("columnheader", { name: "Customer name" })).toBeVisible();

    // From the keyboard: Tab to the next kind, Enter picks it.
    await kinds.getByRole("button", { name: "Leads" }).focus();
    await page.keyboard.press("Tab");
    await expect(kinds.getByRole("button", { name: "Sales" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]event=sales/);
    const sales = page.getByRole("table", { name: /^Sales/ });
    await expect(sales.getByRole("columnheader", { name: "Amount" })).toBeVisible();
    await expect(sales.getByRole("columnheader", { name: "Type" })).toBeVisible();
    await expect(sales.locator("tbody tr[data-index]").first().getByText(/^(New|Recurring)$/)).toBeVisible();
  });

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

  test("only pages the platform serves are offered (page × limit ≤ 100,000); older events are one sort away", async ({ page }) => {
    // Staged: the view's series (whose sum is the view's count) says 140,150 clicks (the e2e data
    // holds far fewer); the pages are the platform's. The URL has no time zone, so the browser, not
    // the server, asks for the series.
    await page.route(apiEndpoint("analytics"), async (route) => {
      const params = new URL(route.request().url()).searchParams;
      if (params.get("groupBy") !== "timeseries" || params.get("event") !== "composite") return route.fallback();
      const reply = await route.fetch();
      const series = (await reply.json()) as Record<string, unknown>[];
      return route.fulfill({ response: reply, json: series.map((bucket, i) => ({ ...bucket, clicks: i === 0 ? 140_150 : 0 })) });
    });
    await openAndWait(page, WIDE);
    const pager = page.getByRole("navigation", { name: "Events pages" });
    await expect(pager).toContainText("1–100 of 140,150");
    // 1,402 pages of 100 in the view, but only the first 1,000 reach no deeper than 100,000 events.
    await expect(pager.getByText("Page 1 of 1,000", { exact: true })).toBeVisible();
    await expect(pager.getByRole("spinbutton", { name: "Go to page" })).toHaveAttribute("max", "1000");
    const note = page.getByRole("note").filter({ hasText: "Paging reaches the 100,000 newest events (1,000 pages of 100)" });
    await expect(note).toBeVisible();

    // The oldest events: sorted the other way, from page 1.
    await note.getByRole("button", { name: "Show oldest first" }).click();
    await expect(page).toHaveURL(/[?&]sortOrder=asc/);
    await expect(eventsTable(page).getByRole("columnheader", { name: /Time/ })).toHaveAttribute("aria-sort", "ascending");
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
      if (isApiCall(url.href, "events") && !url.searchParams.has("saleType")) eventsRequests.push(url.searchParams.get("page") ?? "1");
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
    await dataRows(page).first().getByRole("button", { name: /^Filter by device / }).click();
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
    await expect(page.getByRole("navigation", { name: "Events pages" }).getByRole("button", { name: "Next" })).toBeDisabled();
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

  test("a value in a cell becomes a filter", async ({ page }) => {
    await openAndWait(page, WIDE);
    const button = dataRows(page).first().getByRole("button", { name: /^Filter by country / });
    const name = (await button.getAttribute("aria-label"))!.replace("Filter by country ", "");
    await dataRows(page).first().hover();
    await button.click();

    await expect(page).toHaveURL(/[?&]country=[A-Z]{2}(&|$)/);
    await expect(eventsTable(page)).not.toHaveAttribute("aria-busy", "true");
    await expect(dataRows(page).first()).toBeVisible();
    const rows = await dataRows(page).count();
    await expect(eventsTable(page).getByRole("button", { name: `Filter by country ${name}`, exact: true })).toHaveCount(rows);

    // A second value of an include list is added to it.
    const other = dataRows(page).first().getByRole("button", { name: /^Filter by device / });
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

  test("export streams every matching event into a CSV download (a browser without a file picker)", async ({ page }) => {
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
    await expect(page.getByRole("status").filter({ hasText: /^Exported [\d,]+ rows/ })).toHaveText(`Exported ${(lines.length - 1).toLocaleString("en-US")} rows`);
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

  test("an empty view suggests a wider range", async ({ page }) => {
    await page.goto("/?interval=24h&country=AQ");
    await showEvents(page);
    await expect(page.getByText("No clicks in this range")).toBeVisible();
    await page.getByRole("button", { name: "Widen to last 30 days" }).click();
    await expect(page).toHaveURL(/[?&]interval=30d/);
    await expect(page).toHaveURL(/[?&]country=AQ/);
  });
});

test.describe("events error states", () => {
  test("401: the key was rejected", async ({ page }) => {
    await page.route(apiEndpoint("events"), fulfillError(401, "unauthorized", "Invalid API key."));
    await page.goto("/");
    await showEvents(page);
    const alert = page.getByRole("alert").filter({ hasText: "The API key was rejected" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Invalid API key.");
  });

  test("403: the plan is too low, with the platform's message", async ({ page }) => {
    await page.route(apiEndpoint("events"), fulfillError(403, "forbidden", "Events require a Business plan; this workspace is on Pro."));
    await page.goto("/");
    await showEvents(page);
    const alert = page.getByRole("alert").filter({ hasText: "Events require the Business plan" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("this workspace is on Pro.");
  });

  test("429: shows the wait and retries on its own", async ({ page }) => {
    let refused = 0;
    await page.route(apiEndpoint("events"), (route) => {
      if (refused < 2) {
        refused++;
        return fulfillError(429, "rate_limit_exceeded", "Too many requests.", { "Retry-After": "1" })(route);
      }
      return route.continue();
    });
    await page.goto(WIDE);
    await showEvents(page);
    await expect(page.getByRole("alert").filter({ hasText: "Rate limit reached" })).toContainText("wait 1 second");
    await expect(dataRows(page).first()).toBeVisible();
    expect(refused).toBe(2);
  });

  test("502: the platform is unreachable, Retry recovers", async ({ page }) => {
    const unreachable = fulfillError(502, "internal_server_error", "The link platform at 127.0.0.1:9 could not be reached (ECONNREFUSED).");
    await page.route(apiEndpoint("events"), unreachable);
    await page.goto(WIDE);
    await showEvents(page);
    const alert = page.getByRole("alert").filter({ hasText: "The platform could not be reached" });
    await expect(alert).toContainText("ECONNREFUSED");
    await page.unroute(apiEndpoint("events"), unreachable);
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(dataRows(page).first()).toBeVisible();
  });

  test("422: the message names the parameter", async ({ page }) => {
    await page.route(apiEndpoint("events"), fulfillError(422, "unprocessable_entity", 'Invalid value for "country": "XX" is not a 2-letter ISO 3166-1 code such as US.'));
    await page.goto("/");
    await showEvents(page);
    await expect(page.getByRole("alert").filter({ hasText: "The platform refused this view" })).toContainText('Invalid value for "country"');
  });

  test("an unexpected body is an error state, not a crash", async ({ page }) => {
    await page.route(apiEndpoint("events"), (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"data":[]}' }));
    await page.goto("/");
    await showEvents(page);
    await expect(page.getByRole("alert").filter({ hasText: "The platform sent an unexpected reply" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
  });
});
