import { expect, type Locator, type Page, type Request } from "@playwright/test";

/** Small helpers shared by the journeys; everything is found by role and accessible name. */

export const eventsTable = (page: Page) => page.getByRole("table", { name: /^(Clicks|Leads|Sales), page/ });

/** Data rows only (the header row has column headers, not cells; spacer rows are aria-hidden). */
export const dataRows = (page: Page) =>
  eventsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

/** The text of the first rows once the table shows the current view (not the previous one, kept while loading). */
export async function firstRowsText(page: Page, count = 5): Promise<string[]> {
  await expect(dataRows(page).first()).toBeVisible();
  await expect(eventsTable(page)).not.toHaveAttribute("aria-busy", "true");
  return (await dataRows(page).allInnerTexts()).slice(0, count);
}

/** A query parameter of the page's current URL, decoded. */
export function urlParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/** The events section loads when it comes near the viewport (below the charts): scroll there, as a person would. */
export async function showEvents(page: Page): Promise<void> {
  // The page itself scrolls (the placeholder is replaced while the section loads), and again until the
  // section is there: the streamed charts above may be revealed after a first scroll, pushing it down.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("heading", { name: "Events", exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByRole("button", { name: "Show events" })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

const API_PREFIX = String.raw`/api/(?:[ws]/[^/?#]+/)?`;

/**
 * The dashboard's API endpoint `name` (`events`, `analytics`, …) as the page calls it: under its
 * workspace (`/api/w/<slug>/…`) or share link (`/api/s/<token>/…`), or the default one. For
 * page.route and request checks, which must not depend on which workspace `/` opened.
 */
export const apiEndpoint = (name: string): RegExp => new RegExp(`${API_PREFIX}${name}\\?`);

/** The URL is a request to the dashboard's API endpoint `name`. */
export function isApiCall(url: string, name: string): boolean {
  return new RegExp(`^${API_PREFIX}${name}$`).test(new URL(url).pathname);
}

/** The requests a page makes whose URL `matches`, counted as they start, with a wait for the page to stop asking. */
export interface RequestWatch {
  readonly count: number;
  /**
   * Resolves once none is in flight and none has started for `quietMs` (as Playwright's
   * "networkidle", for these requests only); rejects after `timeoutMs` without such a pause.
   */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
}

export function watchRequests(page: Page, matches: (url: URL) => boolean): RequestWatch {
  let count = 0;
  const inFlight = new Set<Request>();
  const changed = new Set<() => void>();
  const notify = () => {
    for (const listener of [...changed]) listener();
  };
  page.on("request", (request) => {
    if (!matches(new URL(request.url()))) return;
    count += 1;
    inFlight.add(request);
    notify();
  });
  const settled = (request: Request) => {
    if (inFlight.delete(request)) notify();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  return {
    get count() {
      return count;
    },
    quiet(quietMs = 1_000, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        let pause: ReturnType<typeof setTimeout> | undefined;
        const finish = (outcome: () => void) => {
          clearTimeout(pause);
          clearTimeout(deadline);
          changed.delete(rearm);
          outcome();
        };
        const rearm = () => {
          clearTimeout(pause);
          if (inFlight.size === 0) pause = setTimeout(() => finish(resolve), quietMs);
        };
        const deadline = setTimeout(
          () =>
            finish(() => reject(new Error(`the page kept asking for ${timeoutMs} ms (${inFlight.size} in flight)`))),
          timeoutMs,
        );
        changed.add(rearm);
        rearm();
      });
    },
  };
}

/**
 * Selects `tab`, pressing it again until it is selected: the server's HTML can show a card and its
 * tabs before the page is hydrated and listens for clicks, and a press before that does nothing.
 */
export async function selectTab(tab: Locator): Promise<void> {
  await expect(async () => {
    if ((await tab.getAttribute("aria-selected")) !== "true") await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Scrolls `target` into view, again if it was swapped mid-scroll: a card comes with the server's
 * HTML and can be replaced by its hydrated self, which detaches the element being scrolled to.
 */
export async function scrollTo(target: Locator): Promise<void> {
  await expect(() => target.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass({ timeout: 30_000 });
}
