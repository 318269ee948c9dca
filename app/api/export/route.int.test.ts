import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "@/lib/contract/errors";
import { looseEvents } from "@/lib/contract/events";
import { EVENT_COLUMNS } from "@/lib/export/columns";
import { minorUnitDigits } from "@/lib/format/money";
import { parseCsv } from "@/lib/export/testing/parseCsv";
import { dashboardRequest, useUpstream } from "@/lib/upstream/testing/env";
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
    const response = await fetch(`${platform}/events?${query}&limit=1000&page=${page}`, { headers: { Authorization: `Bearer ${KEY}` } });
    expect(response.status).toBe(200);
    const batch = looseEvents.events.parse(await response.json());
    events.push(...batch);
    if (batch.length < 1000) return events;
  }
}

function exportRequest(query: string, signal?: AbortSignal) {
  return GET(dashboardRequest(`/api/export?${query}`, { signal }));
}

describe("GET /api/export", () => {
  let counter: CountingProxy;
  beforeAll(async () => {
    counter = await startCountingProxy(platform);
  });
  afterAll(() => counter.close());

  it("streams every matching click, one row per event, in the platform's order", async () => {
    useUpstream(counter.url, KEY);
    const query = `event=clicks&${RANGE}&device=-Tablet`;
    const expected = await pageThrough(query);
    expect(expected.length).toBeGreaterThan(1000);

    const before = counter.count("/events");
    const response = await exportRequest(`${query}&columns=time,clickId,country&limit=5&page=3`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="linklens-clicks-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(["Time", "Click ID", "Country"]);
    expect(rows.length - 1).toBe(expected.length);
    expect(rows.slice(1).map((r) => r[1])).toEqual(expected.map((e) => e.click.id));
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((e) => e.timestamp));
    expect(counter.count("/events") - before).toBe(Math.floor(expected.length / 1000) + 1);
    expect(counter.seen.slice(before).every((s) => /[?&]limit=1000(&|$)/.test(s.path))).toBe(true);
  });

  it("writes sales with money in major units and the currency beside it", async () => {
    useUpstream(counter.url, KEY);
    const query = "event=sales&interval=all";
    const expected = await pageThrough(query);
    expect(expected.length).toBeGreaterThan(0);
    const rows = parseCsv(await (await exportRequest(`${query}&columns=amount,currency,customerEmail`)).text());
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
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBeGreaterThan(1);
  });

  it("writes each sale's type as the platform's saleType filter sees it, one companion request per page", async () => {
    useUpstream(counter.url, KEY);
    const query = "event=sales&interval=all";
    const all = await pageThrough(query);
    const newIds = new Set((await pageThrough(`${query}&saleType=new`)).map((e) => (e.event === "sale" ? e.eventId : "")));
    expect(newIds.size).toBeGreaterThan(0);
    expect(newIds.size).toBeLessThan(all.length);

    const before = counter.count("/events");
    const rows = parseCsv(await (await exportRequest(`${query}&columns=eventId,saleType`)).text());
    expect(rows[0]).toEqual(["Event ID", "Type"]);
    expect(rows.length - 1).toBe(all.length);
    for (const [eventId, type] of rows.slice(1)) expect(type).toBe(newIds.has(eventId) ? "new" : "recurring");
    const pages = Math.floor(all.length / 1000) + 1;
    expect(counter.count("/events") - before).toBe(2 * pages);
  });

  it("needs no companion request when the view already fixes the sale type", async () => {
    useUpstream(counter.url, KEY);
    const before = counter.count("/events");
    const rows = parseCsv(await (await exportRequest("event=sales&interval=all&saleType=recurring&columns=eventId,saleType")).text());
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[1] === "recurring")).toBe(true);
    expect(counter.count("/events") - before).toBe(1);
  });

  it("uses the kind's default columns when none are chosen", async () => {
    useUpstream(counter.url, KEY);
    const rows = parseCsv(await (await exportRequest(`event=leads&${RANGE}`)).text());
    expect(rows[0]).toEqual(EVENT_COLUMNS.leads.filter((c) => c.default).map((c) => c.label));
  });

  it.each([
    ["event=clicks&columns=time,amount", 422, /"amount" is not a column of clicks/],
    ["event=clicks&start=yesterday", 400, /start/],
    ["country=Germany", 422, /country/],
  ])("refuses ?%s with %i before any upstream call", async (query, status, message) => {
    useUpstream(counter.url, KEY);
    const before = counter.count();
    const response = await exportRequest(query);
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).error.message).toMatch(message);
    expect(counter.count()).toBe(before);
  });

  it("answers a refusal of the first page as a JSON error, not a CSV", async () => {
    useUpstream(platform, "demo_pro_key");
    const response = await exportRequest("event=clicks&interval=7d");
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(errorBodySchema.parse(await response.json()).error.code).toBe("forbidden");
  });

  it("ends the file with a failure line when a later page fails", async () => {
    const flaky = await startCountingProxy(platform, { failWith: (n) => (n === 2 ? { status: 500 } : undefined) });
    try {
      useUpstream(flaky.url, KEY);
      const text = await (await exportRequest(`event=clicks&${RANGE}&columns=clickId`)).text();
      const lines = text.trimEnd().split("\n");
      expect(lines).toHaveLength(1 + 1000 + 1);
      expect(lines.at(-1)).toBe("# export failed: Injected failure.");
    } finally {
      await flaky.close();
    }
  });

  it("stops paging upstream when the download is cancelled", async () => {
    const slow = await startCountingProxy(platform, { delayMs: 150 });
    try {
      useUpstream(slow.url, KEY);
      const controller = new AbortController();
      const response = await exportRequest("event=clicks&interval=all&columns=clickId", controller.signal);
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      controller.abort();
      await reader.cancel();
      const atCancel = slow.count("/events");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(slow.count("/events")).toBeLessThanOrEqual(atCancel + 1);
      expect(slow.count("/events")).toBeLessThan(5);
    } finally {
      await slow.close();
    }
  });
});
