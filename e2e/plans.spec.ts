import { expect, test, type Page, type Response } from "@playwright/test";
import { FREE_APP_URL, PRO_APP_URL } from "../playwright.config";
import { showEvents, scrollTo } from "./fixtures";

/**
 * Plans without some access: each limit is said once, where the data would be, and the controls
 * that need a higher plan are disabled with the reason. A Pro workspace (2 analytics requests per
 * second, no events): a full page load and a filter change complete with charts drawn, and no 429
 * reaches the browser. A Free workspace: no analytics and no events.
 */

function watchStatuses(page: Page): number[] {
  const statuses: number[] = [];
  page.on("response", (response: Response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) statuses.push(response.status());
  });
  return statuses;
}

test("pro key: charts load, events say the plan is too low, no 429 reaches the browser", async ({ page }) => {
  const statuses = watchStatuses(page);
  await page.goto(`${PRO_APP_URL}/?interval=30d`);
  await showEvents(page);

  const clicks = page
    .getByRole("group", { name: "Key figures", exact: true })
    .getByRole("group", { name: "Clicks", exact: true });
  await expect(clicks.locator("[data-kpi-value]")).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByRole("alert").filter({ hasText: "Events require the Business plan" })).toBeVisible();
  const events = page.getByRole("region", { name: "Events" });
  for (const tool of ["Reveal IPs", "Columns", "Export CSV"]) {
    await expect(events.getByRole("button", { name: tool })).toBeDisabled();
    await expect(events.getByRole("button", { name: tool })).toHaveAccessibleDescription(
      "Events, their columns and export need the Business plan or higher",
    );
  }

  const locations = page.getByRole("region", { name: "Locations", exact: true });
  await scrollTo(locations);
  const firstCountry = locations
    .getByRole("list", { name: "Countries" })
    .getByRole("button", { name: /^Filter by country / })
    .first();
  await firstCountry.click();
  await expect(page).toHaveURL(/[?&]country=[A-Z]{2}/);
  await expect(clicks.locator("[data-kpi-value]")).toHaveText(/^[1-9][\d,]*$/);

  // Scroll every card into view so the lazy ones load too.
  for (const name of ["Referrers", "Top links", "UTM"]) {
    const card = page.getByRole("region", { name, exact: true });
    await scrollTo(card);
    await expect(card.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible();
  }
  await page.waitForLoadState("networkidle");

  expect(statuses.length).toBeGreaterThan(5);
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0);
});

test("free key: the plan is said once where the charts would be, and once for events; nothing offers a useless retry", async ({
  page,
}) => {
  const statuses = watchStatuses(page);
  await page.goto(`${FREE_APP_URL}/?interval=30d`);
  await expect(page.getByRole("status").filter({ hasText: "Charts need the Pro plan or higher" })).toHaveCount(1);
  await showEvents(page);
  await expect(page.getByRole("alert").filter({ hasText: "Events require the Business plan" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  // One analytics request (the KPI row's), one for events: no card asks for what the plan refuses.
  expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(3);
});

/** What each `/api/` answer cost: a `miss` went to the platform; `hit` and `shared` did not. */
interface Answer {
  url: string;
  status: number;
  cache: string | null;
}

function watchCosts(page: Page): Answer[] {
  const answers: Answer[] = [];
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/"))
      answers.push({
        url: `${url.pathname}${url.search}`,
        status: response.status(),
        cache: response.headers()["x-linklens-cache"] ?? null,
      });
  });
  return answers;
}

test("pro key: the customers report opened by its address says the plan's notice in the server's HTML, and the browser asks for none of its reads, nor the events table's", async ({
  page,
  request,
}) => {
  const view = `${PRO_APP_URL}/?interval=90d&timezone=UTC&report=customers`;
  const html = await (await request.get(view)).text();
  expect(html).toContain("Customers need the Business plan");
  // The events section below knows it too (the same endpoint, the same key): its tools say why, in the HTML.
  expect(html).toContain("Events, their columns and export need the Business plan or higher");
  const reads: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith("/events")) reads.push(url.search);
  });
  await page.goto(view);
  const customers = page.getByRole("region", { name: "Customers", exact: true });
  await expect(customers.getByRole("status").filter({ hasText: "Customers need the Business plan" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Said once: the server's refusal is the page's; hydrating asks nothing again.
  await expect(customers.getByRole("status").filter({ hasText: "Customers need the Business plan" })).toHaveCount(1);
  await expect(customers.getByRole("alert")).toHaveCount(0);
  // Not said a second time by the events section: its tools are disabled, saying why.
  await expect(page.getByRole("alert").filter({ hasText: "Events require the Business plan" })).toHaveCount(0);
  const events = page.getByRole("region", { name: "Events" });
  for (const tool of ["Reveal IPs", "Columns", "Export CSV"]) {
    await expect(events.getByRole("button", { name: tool })).toBeDisabled();
    await expect(events.getByRole("button", { name: tool })).toHaveAccessibleDescription(
      "Events, their columns and export need the Business plan or higher",
    );
  }
  expect(reads).toEqual([]);
});

test("pro key: the partners report with comparison, then the customers report; what each cost the platform, and no 429 reaches the browser", async ({
  page,
}, testInfo) => {
  const answers = watchCosts(page);
  await page.goto(`${PRO_APP_URL}/?interval=90d&timezone=UTC&compare=1&report=partners`);
  const partners = page.getByRole("region", { name: "Partners", exact: true }).getByRole("table");
  await expect(partners.locator("tbody tr").first()).toBeVisible();
  await expect(partners.getByRole("columnheader", { name: /^Revenue/ })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const partnersAnswers = answers.splice(0);

  await page.getByRole("group", { name: "Report" }).getByRole("button", { name: "Customers" }).click();
  await expect(page).toHaveURL(/[?&]report=customers(&|$)/);
  // The customers report reads events, which the Pro plan does not include: said once, as what the plan has (not an error), with no useless retry.
  const customers = page.getByRole("region", { name: "Customers", exact: true });
  await expect(customers.getByRole("status").filter({ hasText: "Customers need the Business plan" })).toBeVisible();
  await expect(customers.getByRole("alert")).toHaveCount(0);
  await expect(customers.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  const customersAnswers = answers.splice(0);

  const cost = (list: Answer[]) => ({
    requests: list.length,
    upstream: list.filter((a) => a.cache === "miss").length,
    fromCache: list.filter((a) => a.cache === "hit" || a.cache === "shared").length,
  });
  const report = { partners: cost(partnersAnswers), customers: cost(customersAnswers) };
  testInfo.annotations.push({ type: "upstream requests on the Pro key", description: JSON.stringify(report) });
  console.log(`pro key, upstream requests: ${JSON.stringify(report)}`);

  expect([...partnersAnswers, ...customersAnswers].filter((a) => a.status === 429)).toEqual([]);
  // The partners report's first screen, its comparison included, came with the page (the server paid its upstream requests): the browser asked for no figure.
  expect(partnersAnswers.filter((a) => a.url.includes("/analytics?"))).toEqual([]);
  // Switching report keeps the page's figures from the cache: only what the new report reads is asked for.
  expect(report.customers.upstream, JSON.stringify(customersAnswers, null, 1)).toBeLessThanOrEqual(2);
});
