import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "@/lib/contract/errors";
import { looseEvents } from "@/lib/contract/events";
import { EVENT_COLUMNS } from "@/lib/export/columns";
import { minorUnitDigits } from "@/lib/format/money";
import { exportCsv } from "@/lib/export/stream";
import { parseCsv } from "@/lib/export/testing/parseCsv";
import type { Proxy } from "@/lib/upstream/upstreamProxy";
import { dashboardRequest, useUpstream } from "@/lib/upstream/testing/env";
import { proxyFor } from "@/lib/upstream/testing/testProxy";
import { startCountingProxy, type CountingProxy } from "@/lib/upstream/testing/servers";
import { GET } from "./route";

const platform = inject("platformUrl");
const KEY = "demo_business_key";

/** Fixed bounds, so the export and the direct paging see exactly the same events. */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}
const RANGE = `start=${daysAgo(12)}&end=${daysAgo(2)}`;

async function pageThrough(query: string) {
  const events = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${platform}/events?${query}&limit=1000&page=${page}`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(response.status).toBe(200);
    const batch = looseEvents.events.parse(await response.json());
    events.push(...batch);
    if (batch.length < 1000) return events;
  }
}

/** The /events requests the counting proxy forwarded since `mark` (an index into everything it saw). */
function eventsSince(counter: CountingProxy, mark: number) {
  return counter.seen.slice(mark).filter((s) => s.path.startsWith("/events"));
}

/** The route as deployed: the dashboard's own proxy, built from the environment on first use. */
function exportRequest(query: string) {
  return GET(dashboardRequest(`/api/export?${query}`));
}

/** The export through a proxy of the test's own (another key or upstream, a FakeClock). */
function exportVia(proxy: Proxy, query: string, signal?: AbortSignal) {
  return exportCsv(proxy, dashboardRequest(`/api/export?${query}`, { signal }));
}

describe("GET /api/export", () => {
  let counter: CountingProxy;
  beforeAll(async () => {
    counter = await startCountingProxy(platform);
    useUpstream(counter.url, KEY);
  });
  afterAll(() => counter.close());

  it("streams every matching click, one row per event, in the platform's order", async () => {
    const query = `event=clicks&${RANGE}&device=-Tablet`;
    const expected = await pageThrough(query);
    expect(expected.length).toBeGreaterThan(1000);

    const before = counter.count("/events");
    const mark = counter.seen.length;
    const response = await exportRequest(`${query}&columns=time,clickId,country&limit=5&page=3&raw=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="linklens-clicks-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(["Time", "Click ID", "Country"]);
    expect(rows.length - 1).toBe(expected.length);
    expect(rows.slice(1).map((r) => r[1])).toEqual(expected.map((e) => e.click.id));
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((e) => e.timestamp));
    // Each request after the first asks again for the instant it stopped at: 999 new events at least.
    const requests = counter.count("/events") - before;
    expect(requests).toBeGreaterThanOrEqual(Math.floor(expected.length / 1000) + 1);
    expect(requests).toBeLessThanOrEqual(Math.floor(expected.length / 999) + 1);
    expect(eventsSince(counter, mark).every((s) => /[?&]limit=1000(&|$)/.test(s.path))).toBe(true);
  });

  describe("costs the platform one page per request, however deep", () => {
    const paramsOf = (path: string) => new URLSearchParams(path.split("?")[1]);

    it.each(["desc", "asc"] as const)(
      "%s: every request is page 1, its edge the last event written, its filters the view's",
      async (order) => {
        const query = `event=clicks&interval=all&device=-Tablet&sortOrder=${order}`;
        const mark = counter.seen.length;
        const rows = parseCsv(await (await exportRequest(`${query}&columns=time,clickId&raw=1`)).text()).slice(1);
        const expected = await pageThrough(query);
        expect(rows.map((r) => r[1])).toEqual(expected.map((e) => e.click.id));
        const requests = eventsSince(counter, mark).map((s) => paramsOf(s.path));
        expect(requests.length).toBeGreaterThan(5);
        for (const params of requests) {
          // No OFFSET: the platform skips no rows to reach a page (only an instant holding more than a page would need one).
          expect(params.get("page")).toBeNull();
          expect(params.get("limit")).toBe("1000");
          expect(params.get("device")).toBe("-Tablet");
        }
        // Each later request starts at the instant of an event already written, at most a page after the previous start.
        const times = rows.map((r) => r[0]);
        const reached = requests
          .slice(1)
          .map((params) => times.lastIndexOf(params.get(order === "desc" ? "end" : "start") ?? ""));
        let previous = -1;
        for (const at of reached) {
          expect(at).toBeGreaterThan(previous);
          expect(at - Math.max(previous, 0)).toBeLessThanOrEqual(1000);
          previous = at;
        }
      },
    );

    it("pins an interval's range once, so a moving end never moves its start", async () => {
      const mark = counter.seen.length;
      await (await exportRequest("event=clicks&interval=30d&columns=clickId")).text();
      const requests = eventsSince(counter, mark).map((s) => paramsOf(s.path));
      expect(requests.length).toBeGreaterThan(1);
      const starts = new Set(requests.map((params) => params.get("start")));
      expect(starts.size).toBe(1);
      expect(requests.every((params) => params.get("interval") === null && params.get("end") !== null)).toBe(true);
    });
  });

  it("writes IPs masked unless revealIps=1 asks (not sent upstream), and never a link password", async () => {
    const query = `event=clicks&${RANGE}`;
    const expected = await pageThrough(query);
    const masked = parseCsv(await (await exportRequest(`${query}&columns=clickId,ip`)).text()).slice(1);
    const mark = counter.seen.length;
    const revealed = parseCsv(await (await exportRequest(`${query}&columns=clickId,ip&revealIps=1`)).text()).slice(1);
    expect(eventsSince(counter, mark).some((s) => s.path.includes("revealIps"))).toBe(false);
    expect(masked.map((r) => r[0])).toEqual(expected.map((e) => e.click.id));
    masked.forEach(([, ip], i) => {
      expect(ip).toMatch(/•••/);
      expect(ip).not.toBe(expected[i].click.ip);
    });
    expect(revealed.map((r) => r[1])).toEqual(expected.map((e) => e.click.ip));
    const everyColumn = EVENT_COLUMNS.clicks.map((c) => c.id).join(",");
    const text = await (await exportRequest(`${query}&columns=${everyColumn}&revealIps=1`)).text();
    for (const event of expected) if (event.link.password) expect(text).not.toContain(event.link.password);
  });

  it("writes sales with money in major units and the currency beside it", async () => {
    const query = "event=sales&interval=all";
    const expected = await pageThrough(query);
    expect(expected.length).toBeGreaterThan(0);
    const rows = parseCsv(await (await exportRequest(`${query}&columns=amount,currency,customerEmail&raw=1`)).text());
    expect(rows[0]).toEqual(["Amount", "Currency", "Customer email"]);
    expect(rows.length - 1).toBe(expected.length);
    expected.forEach((event, i) => {
      if (event.event !== "sale") throw new Error("not a sale");
      const [amount, currency] = rows[i + 1];
      const digits = minorUnitDigits(event.sale.currency);
      expect(currency).toBe(event.sale.currency);
      expect(amount).toMatch(digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`));
      expect(Math.round(Number(amount) * 10 ** digits)).toBe(event.sale.amount);
    });
    // Sales are stored and listed in USD, as on the hosted platform (issue 11).
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(["usd"]));
  });

  it("writes each sale's type as the platform's saleType filter sees it, one companion request per page", async () => {
    const query = "event=sales&interval=all";
    const all = await pageThrough(query);
    const newIds = new Set(
      (await pageThrough(`${query}&saleType=new`)).map((e) => (e.event === "sale" ? e.eventId : "")),
    );
    expect(newIds.size).toBeGreaterThan(0);
    expect(newIds.size).toBeLessThan(all.length);

    const mark = counter.seen.length;
    const rows = parseCsv(await (await exportRequest(`${query}&columns=eventId,saleType&raw=1`)).text());
    expect(rows[0]).toEqual(["Event ID", "Type"]);
    expect(rows.length - 1).toBe(all.length);
    for (const [eventId, type] of rows.slice(1)) expect(type).toBe(newIds.has(eventId) ? "new" : "recurring");
    const sent = eventsSince(counter, mark);
    const pages = sent.filter((s) => !s.path.includes("saleType=new")).length;
    expect(pages).toBeGreaterThanOrEqual(Math.floor(all.length / 1000) + 1);
    expect(sent).toHaveLength(2 * pages);
  });

  it("needs no companion request when the view already fixes the sale type", async () => {
    const before = counter.count("/events");
    const rows = parseCsv(
      await (await exportRequest("event=sales&interval=all&saleType=recurring&columns=eventId,saleType&raw=1")).text(),
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[1] === "recurring")).toBe(true);
    expect(counter.count("/events") - before).toBe(1);
  });

  it("writes values as the page shows them unless raw=1 asks: times in the view's zone with their offset, currency codes, words, partner names", async () => {
    const query = "event=sales&interval=all&timezone=Asia%2FKolkata";
    const expected = await pageThrough(query);
    const columns = "time,currency,saleType,trigger,country,partner,eventId";
    const shown = parseCsv(await (await exportRequest(`${query}&columns=${columns}`)).text());
    const raw = parseCsv(await (await exportRequest(`${query}&columns=${columns}&raw=1`)).text());
    expect(shown[0]).toEqual(raw[0]);
    expect(shown.length).toBe(expected.length + 1);
    const partners = await (
      await fetch(`${inject("platformUrl")}/analytics?event=sales&groupBy=top_partners&interval=all`, {
        headers: { Authorization: `Bearer ${KEY}` },
      })
    ).json();
    const names = new Map(
      (partners as { partnerId: string; partner: { name: string } }[]).map((p) => [p.partnerId, p.partner.name]),
    );
    expected.forEach((event, i) => {
      if (event.event !== "sale") throw new Error("not a sale");
      const [time, currency, type, trigger, country, partner] = shown[i + 1];
      const [rawTime, rawCurrency, rawType, rawTrigger, rawCountry, rawPartner] = raw[i + 1];
      expect(rawTime).toBe(event.timestamp);
      expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/);
      expect(Date.parse(time)).toBe(Date.parse(event.timestamp));
      expect(currency).toBe(rawCurrency.toUpperCase());
      expect(type).toBe(rawType === "new" ? "New" : "Recurring");
      expect(trigger).toBe({ link: "Link click", qr: "QR scan", pageview: "Page view" }[rawTrigger]);
      expect(rawCountry).toBe(event.click.country);
      expect(country).not.toBe(rawCountry);
      expect(partner).toBe(rawPartner ? (names.get(rawPartner) ?? rawPartner) : "");
    });
    expect(shown.slice(1).some((r) => r[5] !== "" && !r[5].startsWith("pn_"))).toBe(true);
  });

  it("uses the kind's default columns when none are chosen", async () => {
    const rows = parseCsv(await (await exportRequest(`event=leads&${RANGE}`)).text());
    expect(rows[0]).toEqual(EVENT_COLUMNS.leads.filter((c) => c.default).map((c) => c.label));
  });

  it.each([
    ["event=clicks&columns=time,amount", 422, /"amount" is not a column of clicks/],
    ["event=clicks&start=yesterday", 400, /start/],
    ["country=Germany", 422, /country/],
  ])("refuses ?%s with %i before any upstream call", async (query, status, message) => {
    const before = counter.count();
    const response = await exportRequest(query);
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).error.message).toMatch(message);
    expect(counter.count()).toBe(before);
  });

  it("says clearly when the dashboard is not configured, as a JSON error", async () => {
    const response = await exportVia(proxyFor("http://api.example.com", KEY), "event=clicks&interval=7d");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(errorBodySchema.parse(await response.json()).error.message).toMatch(
      /^The dashboard is not configured: LINK_API_BASE_URL must use https:\/\//,
    );
  });

  it("answers a refusal of the first page as a JSON error, not a CSV", async () => {
    const response = await exportVia(proxyFor(platform, "demo_pro_key"), "event=clicks&interval=7d");
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(errorBodySchema.parse(await response.json()).error.code).toBe("forbidden");
  });

  it("ends the file with a failure line when a later page fails", async () => {
    const flaky = await startCountingProxy(platform, { failWith: (n) => (n === 2 ? { status: 500 } : undefined) });
    try {
      const text = await (await exportVia(proxyFor(flaky.url, KEY), `event=clicks&${RANGE}&columns=clickId`)).text();
      const lines = text.trimEnd().split("\n");
      expect(lines).toHaveLength(1 + 1000 + 1);
      expect(lines.at(-1)).toBe("# export failed: Injected failure.");
    } finally {
      await flaky.close();
    }
  });

  it("stops paging upstream when the download is cancelled", async () => {
    // Pages after the first stay upstream, in flight, until the test lets them through.
    const upstream = await startCountingProxy(platform, { hold: (n) => n > 1 });
    try {
      const controller = new AbortController();
      const response = await exportVia(
        proxyFor(upstream.url, KEY),
        "event=clicks&interval=all&columns=clickId",
        controller.signal,
      );
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      // Reading the first page asks for the second.
      await upstream.until(() => upstream.count("/events") === 2);
      const atCancel = upstream.count("/events");
      controller.abort();
      await reader.cancel();
      // The page the export was waiting for is dropped upstream; a cancelled stream asks for no other.
      await upstream.until(() => upstream.seen[1].abandoned);
      expect(upstream.count("/events")).toBeLessThanOrEqual(atCancel + 1);
      expect(upstream.count("/events")).toBeLessThan(5);
    } finally {
      await upstream.close();
    }
  });
});
