import { chromium, type Browser } from "@playwright/test";
import { SHARED_VIEWS, type DataRequest, type RecordedView, type ViewsFile } from "./views";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const DATA_PATH = /^\/api\/(?:w\/[^/]+\/|s\/[^/]+\/)?(?:analytics|events)$/;
const QUIET_MS = 1_500;
const VIEW_TIMEOUT_MS = 90_000;

/** Every /api analytics and events request one fresh page of `url` makes until the network is quiet. */
async function recordView(browser: Browser, baseUrl: string, url: string): Promise<RecordedView> {
  const context = await browser.newContext({ timezoneId: "UTC", viewport: { width: 1280, height: 800 } });
  const requests: DataRequest[] = [];
  let last = Date.now();
  let inFlight = 0;
  context.on("request", (request) => {
    inFlight += 1;
    last = Date.now();
    const seen = new URL(request.url());
    if (!DATA_PATH.test(seen.pathname)) return;
    const priority = request.headers()["x-linklens-priority"];
    requests.push({ path: `${seen.pathname}${seen.search}`, ...(priority === undefined ? {} : { priority }) });
  });
  const settled = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  context.on("requestfinished", settled);
  context.on("requestfailed", settled);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${url}`, { waitUntil: "networkidle", timeout: VIEW_TIMEOUT_MS });
    const deadline = Date.now() + VIEW_TIMEOUT_MS;
    while (inFlight > 0 || Date.now() - last < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${url} did not settle within ${VIEW_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await context.close();
  }
  if (requests.length === 0) throw new Error(`${url} made no data request: is the dashboard answering?`);
  return { url, requests };
}

/**
 * The data requests of every shared view, as the real page makes them in Chromium (fresh context,
 * UTC): what each simulated viewer then sends for that view.
 */
export async function recordViews(baseUrl: string): Promise<ViewsFile> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const groups = [];
    for (const view of SHARED_VIEWS) {
      const open = await recordView(browser, baseUrl, view.open);
      const filters = [];
      for (const url of view.filters) filters.push(await recordView(browser, baseUrl, url));
      groups.push({ name: view.name, open, filters });
    }
    return {
      recordedAt: new Date().toISOString(),
      how: "npm run loadtest -- --record: each shared URL opened in a fresh Chromium context (UTC) against the load test's dashboards with the Pro key; every /api analytics and events request until the network was quiet for 1.5 s",
      groups,
    };
  } finally {
    await browser.close();
  }
}
