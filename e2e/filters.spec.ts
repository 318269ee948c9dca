import { expect, test, type Page } from "@playwright/test";
import { apiEndpoint, eventsTable, firstRowsText, showEvents, urlParam } from "./fixtures";

/**
 * The view lives in the URL under the API's own names: filters applied through the panel show
 * up there, a pasted URL reproduces the view, Back/Forward restore views.
 */

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE, locale: "en-US" });

const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );

const filters = (page: Page) => page.getByRole("region", { name: "Filters" });
const rangeButton = (page: Page) => filters(page).getByRole("button", { name: /^Date range:/ });
const rangeSummary = (page: Page) =>
  filters(page)
    .getByRole("status")
    .filter({ hasText: /^Showing / });

async function openFilter(page: Page, label: string) {
  await filters(page).getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("dialog", { name: "Add filter" }).getByRole("menuitem", { name: label }).click();
}

async function addValue(page: Page, label: string, value: string) {
  const input = page.getByRole("textbox", { name: `${label} value` });
  await input.fill(value);
  await input.press("Enter");
}

test("filters applied through the panel are in the URL, and the URL reproduces the view", async ({ page, browser }) => {
  await page.goto("/?interval=90d");
  await showEvents(page);
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 90 days");
  await firstRowsText(page);

  await openFilter(page, "Country");
  await addValue(page, "Country", "US");
  await expect(page).toHaveURL(/[?&]country=US(&|$)/);
  await addValue(page, "Country", "de");
  await expect(page).toHaveURL(/[?&]country=US,DE(&|$)/);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Add filter" })).toBeHidden();

  await openFilter(page, "Device");
  await page.getByRole("radio", { name: "is not" }).check();
  await addValue(page, "Device", "Mobile");
  await expect(page).toHaveURL(/[?&]device=-Mobile(&|$)/);
  await page.getByRole("button", { name: "Done", exact: true }).click();

  const countryChip = filters(page).getByRole("button", { name: /^Country is .*United States, .*Germany$/ });
  const deviceChip = filters(page).getByRole("button", { name: "Device is not Mobile" });
  await expect(countryChip).toBeVisible();
  await expect(deviceChip).toBeVisible();
  expect(urlParam(page, "interval")).toBe("90d");
  expect(urlParam(page, "page")).toBeNull();
  const rows = await firstRowsText(page);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).not.toContain("Mobile");

  // The same URL in a fresh browser context shows the same view.
  const shared = page.url();
  const context = await browser.newContext({ timezoneId: ZONE, locale: "en-US" });
  const other = await context.newPage();
  await other.goto(shared);
  await showEvents(other);
  await expect(filters(other).getByRole("button", { name: /^Country is .*United States, .*Germany$/ })).toBeVisible();
  await expect(filters(other).getByRole("button", { name: "Device is not Mobile" })).toBeVisible();
  await expect(rangeButton(other)).toHaveAccessibleName("Date range: Last 90 days");
  expect(await firstRowsText(other)).toEqual(rows);
  await context.close();

  // Back undoes the last change, Forward redoes it.
  await page.goBack();
  await expect(page).not.toHaveURL(/device=/);
  await expect(filters(page).getByRole("button", { name: /^Device is/ })).toHaveCount(0);
  await expect(countryChip).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]country=US(&|$)/);
  await expect(filters(page).getByRole("button", { name: /^Country is .*United States$/ })).toBeVisible();
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/[?&]device=-Mobile(&|$)/);
  await expect(deviceChip).toBeVisible();
  await expect(countryChip).toBeVisible();
  expect(await firstRowsText(page)).toEqual(rows);

  // A chip reopens its filter; unticking a value edits the list in place.
  await countryChip.click();
  await page
    .getByRole("dialog", { name: "Country filter" })
    .getByRole("checkbox", { name: /Germany/ })
    .uncheck();
  await expect(page).toHaveURL(/[?&]country=US(&|$)/);
  await page.keyboard.press("Escape");

  // "Clear all" drops every filter and keeps the date range.
  await filters(page).getByRole("button", { name: "Clear all" }).click();
  await expect(page).not.toHaveURL(/country=|device=/);
  expect(urlParam(page, "interval")).toBe("90d");
  await expect(filters(page).getByRole("button", { name: /^(Country|Device) is/ })).toHaveCount(0);
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 90 days");
});

test("a value the contract rejects is named, ignored, and the page still works", async ({ page }) => {
  await page.goto("/?interval=90d&country=USA&device=Mobile");
  await showEvents(page);
  const alert = page.getByRole("alert").filter({ hasText: "country=USA" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("2-letter ISO 3166-1 code");
  await expect(filters(page).getByRole("button", { name: "Device is Mobile" })).toBeVisible();
  await expect(filters(page).getByRole("button", { name: /^Country/ })).toHaveCount(0);
  await firstRowsText(page);
  await expect(eventsTable(page)).toBeVisible();

  // The panel refuses the same mistake with the same words.
  await openFilter(page, "Country");
  await addValue(page, "Country", "USA");
  await expect(page.getByRole("dialog", { name: "Add filter" }).getByRole("alert")).toContainText(
    "2-letter ISO 3166-1 code",
  );
  await page.keyboard.press("Escape");

  await alert.getByRole("button", { name: "Dismiss the message about country" }).click();
  await expect(alert).toBeHidden();
});

test("a filter of some kinds only stays in the URL and says which counts go without it", async ({ page }) => {
  await page.goto("/?interval=90d&saleType=new");
  await showEvents(page);
  await expect(filters(page).getByRole("group", { name: "Active filters" })).toContainText(
    "Sale type is New · sales only",
  );
  await expect(filters(page)).toContainText(
    "Sale type applies to sales only: clicks and leads are counted without it.",
  );
  await expect(filters(page).getByRole("button", { name: "Remove Sale type filter" })).toBeVisible();
  expect(urlParam(page, "saleType")).toBe("new");
  await firstRowsText(page);
});

test("date presets, shortcuts, custom range and time zone", async ({ page }) => {
  await page.goto("/");
  await showEvents(page);
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 24 hours");
  await expect(rangeSummary(page)).toContainText(`(${ZONE})`);

  await rangeButton(page).click();
  await page
    .getByRole("dialog", { name: "Date range" })
    .getByRole("menuitemradio", { name: /Last 7 days/ })
    .click();
  await expect(page).toHaveURL(/[?&]interval=7d(&|$)/);
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 7 days");

  // Shortcuts work when no field has focus.
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  // Each key waits for the page to show the previous range and its figures, as a person would: a
  // key pressed before then has been seen to share or overwrite the previous history entry (the
  // router settling a shallow URL change late; flaky Back otherwise).
  const settled = () =>
    expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
  await page.keyboard.press("m");
  await expect(page).toHaveURL(/[?&]interval=30d(&|$)/);
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 30 days");
  await settled();
  await page.keyboard.press("Shift+Y");
  await expect(page).toHaveURL(/[?&]interval=ytd(&|$)/);
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Year to date");
  await settled();
  await page.keyboard.press("t");
  await expect(page).toHaveURL(new RegExp(`[?&]start=${today()}&end=${today()}(&|$)`));
  expect(urlParam(page, "interval")).toBeNull();
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Today");
  // The page's own history step, as its Back would take it: the browser UI's Back may skip entries
  // it judges were added without a user gesture, and a synthetic key press is not always one.
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/[?&]interval=ytd(&|$)/);
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Year to date");

  // ...and not while typing.
  await filters(page).getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("textbox", { name: "Search filters" }).press("w");
  await expect(page).toHaveURL(/[?&]interval=ytd(&|$)/);
  await page.keyboard.press("Escape");

  await rangeButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Date range" });
  await dialog.getByLabel("Start date").fill("2025-01-05");
  await dialog.getByLabel("End date").fill("2025-01-03");
  await dialog.getByRole("button", { name: "Apply range" }).click();
  await expect(dialog.getByRole("alert")).toContainText("must not be after");
  await dialog.getByLabel("End date").fill("2025-01-10");
  await dialog.getByRole("button", { name: "Apply range" }).click();
  await expect(page).toHaveURL(/[?&]start=2025-01-05&end=2025-01-10(&|$)/);
  await expect(rangeButton(page)).toHaveAccessibleName(/^Date range: Jan 5 – Jan 10/);

  // The zone is the browser's until picked, and always in the URL (a pasted URL is the same view anywhere).
  expect(urlParam(page, "timezone")).toBe(ZONE);
  await filters(page).getByRole("combobox", { name: "Time zone" }).selectOption("Asia/Tokyo");
  await expect(page).toHaveURL(/[?&]timezone=Asia%2FTokyo|timezone=Asia\/Tokyo/);
  await expect(rangeSummary(page)).toHaveText(/^Showing Jan 5 – Jan 10(, 2025)? \(Asia\/Tokyo\)$/);
});

test("keys typed right after opening a panel go into it: no date shortcut fires while a panel is open or opening", async ({
  page,
}) => {
  await page.goto("/?interval=7d&timezone=UTC");
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 7 days");
  await filters(page).getByRole("button", { name: "Add filter" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.type("device");
  await expect(page.getByRole("textbox", { name: "Search filters" })).toHaveValue("device");
  await expect(page.getByRole("menu", { name: "Filters" }).getByRole("menuitem", { name: /^Device/ })).toBeVisible();
  expect(urlParam(page, "interval")).toBe("7d");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Add filter" })).toContainText("Device");
  await page.keyboard.press("Escape");
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 7 days");
});

test("a panel opened before the page's script runs takes the keys typed into it, and lists the filters once the script is in", async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The scripts only: a held stylesheet would hold the parser (and the panel's look) too.
  await page.route("**/_next/static/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/?interval=7d&timezone=UTC", { waitUntil: "domcontentloaded" });
  await filters(page).getByRole("button", { name: "Add filter" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.type("device");
  await expect(page.getByRole("textbox", { name: "Search filters" })).toHaveValue("device");
  release();
  await expect(page.getByRole("menu", { name: "Filters" }).getByRole("menuitem", { name: /^Device/ })).toBeVisible();
  expect(urlParam(page, "interval")).toBe("7d");
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("options list the current view's values with counts, computed without the filter's own clause", async ({
  page,
}) => {
  const requested: URLSearchParams[] = [];
  // Staged: the analytics endpoint belongs to the charts work; its reply shape is the contract's.
  await page.route(apiEndpoint("analytics"), (route) => {
    const params = new URL(route.request().url()).searchParams;
    requested.push(params);
    const rows = [
      { country: "US", clicks: 1200, leads: 30, sales: 4, saleAmount: 19600 },
      { country: "DE", clicks: 830, leads: 12, sales: 1, saleAmount: 4900 },
      { country: "FR", clicks: 12, leads: 0, sales: 0, saleAmount: 0 },
    ];
    return route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify(params.get("groupBy") === "countries" ? rows : []),
    });
  });
  await page.goto("/?interval=30d&country=US&device=-Mobile");
  await showEvents(page);
  await filters(page)
    .getByRole("button", { name: /^Country is .*United States$/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Country filter" });
  await expect(dialog.getByRole("checkbox", { name: /United States/ })).toBeChecked();
  await expect(dialog.getByRole("list", { name: "Country values" })).toContainText("1.2K");

  const request = requested.find((p) => p.get("groupBy") === "countries");
  expect(request?.get("country")).toBeNull();
  expect(request?.get("device")).toBe("-Mobile");
  expect(request?.get("interval")).toBe("30d");
  expect(request?.get("event")).toBe("clicks");
  expect(request?.get("timezone")).toBe(ZONE);

  await dialog.getByRole("textbox", { name: "Country value" }).fill("germ");
  await expect(dialog.getByRole("checkbox")).toHaveCount(1);
  await dialog.getByRole("checkbox", { name: /Germany/ }).check();
  await expect(page).toHaveURL(/[?&]country=US,DE(&|$)/);
  await dialog.getByRole("radio", { name: "is not" }).check();
  await expect(page).toHaveURL(/[?&]country=-US,DE(&|$)/);
  await expect(
    filters(page).getByRole("button", { name: /^Country is not .*United States, .*Germany$/ }),
  ).toBeVisible();
});

test("folders and partner tags are picked by name: the URL holds the id, the chip the name", async ({ page }) => {
  await page.goto("/?interval=90d&event=sales");
  await filters(page).getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("menuitem", { name: /^Partner tag/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add filter" });
  const values = dialog.getByRole("list", { name: "Partner tag values" });
  const first = values.getByRole("checkbox").first();
  await expect(first).toBeVisible();
  const name = (await values.getByRole("listitem").first().innerText()).trim();
  expect(name).not.toMatch(/^ptag_/);
  await first.check();
  await expect.poll(() => urlParam(page, "partnerTagId")).toMatch(/^ptag_/);
  await page.keyboard.press("Escape");
  await expect(
    filters(page).getByRole("button", {
      name: new RegExp(`^Partner tag is .*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    }),
  ).toBeVisible();

  // The page refetches for the new filter (a few seconds at the key's 4 requests/s); a reader waits for it.
  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");

  // The same in a new tab: the chip names the folder from the URL's id.
  await filters(page).getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("menuitem", { name: /^Folder/ }).click();
  const folders = page.getByRole("dialog", { name: "Add filter" }).getByRole("list", { name: "Folder values" });
  await expect(folders.getByRole("checkbox").first()).toBeVisible();
  const folder = (await folders.getByRole("listitem").first().innerText()).trim();
  await folders.getByRole("checkbox").first().check();
  await expect.poll(() => urlParam(page, "folderId")).toMatch(/\S/);
  await page.keyboard.press("Escape");
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(
    filters(other).getByRole("button", {
      name: new RegExp(`^Folder is .*${folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    }),
  ).toBeVisible();
  await other.close();
});

test("a pasted URL's link that no breakdown row names is named by its id: the chip shows domain/key, not link_…", async ({
  page,
}) => {
  // The link with the fewest clicks: no top-links row of the view names it.
  const platform = `http://127.0.0.1:${process.env.E2E_PLATFORM_PORT ?? 8790}`;
  const reply = await fetch(`${platform}/links?sortBy=clicks&sortOrder=asc&pageSize=1`, {
    headers: { Authorization: "Bearer demo_business_key" },
  });
  expect(reply.status).toBe(200);
  const [link] = (await reply.json()) as { id: string; domain: string; key: string }[];
  const name = link.key === "_root" ? link.domain : `${link.domain}/${link.key}`;
  await page.goto(`/?interval=24h&linkId=${link.id}`);
  await expect(filters(page).getByRole("button", { name: `Link is ${name}`, exact: true })).toBeVisible();
});

test("a device is chosen from the platform's values: typed text that names none is refused, not turned into a filter", async ({
  page,
}) => {
  await page.goto("/?interval=90d");
  await openFilter(page, "Device");
  const dialog = page.getByRole("dialog", { name: "Add filter" });
  const values = dialog.getByRole("list", { name: "Device values" });
  await expect(values.getByRole("checkbox", { name: /Mobile/ })).toBeVisible();

  const input = dialog.getByRole("textbox", { name: "Device value" });
  await input.fill("mob");
  // "mob" narrows the list to Mobile; it is not offered as a value of its own.
  await expect(values.getByRole("checkbox")).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: /^Add/ })).toHaveCount(0);
  await input.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("No device “mob” in this view. Choose one of the listed values.");
  expect(urlParam(page, "device")).toBeNull();

  await input.fill("zzz");
  await expect(values).toContainText("No device “zzz” in this view.");
  await expect(values.getByRole("checkbox")).toHaveCount(0);
  expect(urlParam(page, "device")).toBeNull();

  await input.fill("mob");
  await values.getByRole("checkbox", { name: /Mobile/ }).check();
  await expect(page).toHaveURL(/[?&]device=Mobile(&|$)/);
});

test("a value list is one Tab stop with arrow keys inside, ordered by the count it shows; Add comes after the values", async ({
  page,
}) => {
  await page.goto("/?interval=90d");
  await openFilter(page, "Device");
  const dialog = page.getByRole("dialog", { name: "Add filter" });
  const values = dialog.getByRole("list", { name: "Device values" });
  const boxes = values.getByRole("checkbox");
  await expect(boxes.nth(1)).toBeVisible();
  const counts = (await values.getByRole("listitem").allInnerTexts()).map(
    (text) => text.trim().split(/\s+/).pop() ?? "",
  );
  const numbers = counts.map((c) => Number.parseFloat(c) * (c.endsWith("K") ? 1000 : c.endsWith("M") ? 1e6 : 1));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

  // Tab from the search box lands on the first value; arrows move inside; Tab leaves the list.
  await dialog.getByRole("textbox", { name: "Device value" }).focus();
  await page.keyboard.press("Tab");
  await expect(boxes.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(boxes.nth(1)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(values.getByRole("checkbox").filter({ has: page.locator(":focus") })).toHaveCount(0);
  expect(await values.evaluate((list) => list.contains(document.activeElement))).toBe(false);
  // Shift+Tab comes back to the value last focused.
  await page.keyboard.press("Shift+Tab");
  await expect(boxes.nth(1)).toBeFocused();
  await page.keyboard.press("Escape");

  // A free-text filter: the matching values come first in Tab order, then "Add".
  await openFilter(page, "UTM source");
  const utm = page.getByRole("dialog", { name: "Add filter" });
  const utmInput = utm.getByRole("textbox", { name: "UTM source value" });
  await utmInput.fill("link");
  const linkedin = utm.getByRole("list", { name: "UTM source values" }).getByRole("checkbox", { name: /linkedin/ });
  await expect(linkedin).toBeVisible();
  await expect(utm.getByRole("button", { name: "Add “link”" })).toBeVisible();
  await utmInput.focus();
  await page.keyboard.press("Tab");
  await expect(linkedin).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(utm.getByRole("button", { name: "Add “link”" })).toBeFocused();
});

test("a pasted URL whose start is after its end is refused whole, as the date picker refuses it, with the swap offered", async ({
  page,
}) => {
  await page.goto("/?interval=7d&start=2025-01-10&end=2025-01-05");
  const alert = page.getByRole("alert").filter({ hasText: "This link's date range is reversed" });
  await expect(alert).toContainText(
    "The range starts (2025-01-10) after it ends (2025-01-05). The date picker refuses such a range too",
  );
  // Neither date is kept: no odd range made of the end alone.
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 7 days");

  await alert.getByRole("button", { name: "Show 2025-01-05 to 2025-01-10" }).click();
  await expect(page).toHaveURL(/[?&]start=2025-01-05&end=2025-01-10(&|$)/);
  expect(urlParam(page, "interval")).toBeNull();
  await expect(rangeButton(page)).toHaveAccessibleName(/^Date range: Jan 5 – Jan 10/);
  await expect(alert).toHaveCount(0);

  // A date that is no date leaves the whole range out too, and says so.
  await page.goto("/?interval=30d&start=Jan%205&end=2025-01-10");
  const bad = page.getByRole("alert").filter({ hasText: "start=Jan 5" });
  await expect(bad).toContainText("The range's other date is left out too.");
  await expect(rangeButton(page)).toHaveAccessibleName("Date range: Last 30 days");
});
