import type { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { sdkFor, thrown } from "../testing/sdk";

/**
 * POST /track/lead and /track/sale through the hosted platform's own SDK (npm `dub`, which
 * validates every reply), against a writable platform of the test's own: what is tracked shows
 * in GET /events and in the link's counters, an invoice counts once, bad input writes nothing.
 */

let live: WritablePlatform;
let dub: Dub;

beforeAll(async () => {
  live = await startWritable();
  dub = sdkFor(live.url);
});
afterAll(async () => {
  await live?.close();
});

async function get<T>(path: string): Promise<T> {
  const res = await live.request(path);
  if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

interface ClickEvent {
  click: { id: string };
  link: LinkRecord;
}

/** A click of the business workspace, the newest one of its link, and that link's counters now. */
async function someClick(offset: number): Promise<ClickEvent> {
  const clicks = await get<ClickEvent[]>(`/events?event=clicks&interval=all&limit=1&page=${offset}`);
  return clicks[0];
}

async function counters(linkId: string) {
  const [event] = await get<ClickEvent[]>(`/events?event=clicks&linkId=${linkId}&interval=all&limit=1`);
  const { clicks, leads, sales, saleAmount, conversions } = event.link;
  return { clicks, leads, sales, saleAmount, conversions };
}

describe("tracking through the dub SDK", () => {
  it("a lead, then sales: new, recurring, and an invoice tracked twice counted once", async () => {
    const { click, link } = await someClick(7);
    const before = await counters(link.id);
    const externalId = `sdk-customer-${Date.now()}`;

    const lead = await dub.track.lead({
      clickId: click.id,
      eventName: "Sign up",
      customerExternalId: externalId,
      customerName: "Ada Lovelace",
      customerEmail: "ada@example.com",
      customerAvatar: "https://example.com/ada.png",
      metadata: { plan: "pro" },
    });
    expect(lead.click.id).toBe(click.id);
    expect(lead.link?.id).toBe(link.id);
    expect(lead.customer).toEqual({ name: "Ada Lovelace", email: "ada@example.com", avatar: "https://example.com/ada.png", externalId });
    // The same lead again is not counted twice.
    await dub.track.lead({ clickId: click.id, eventName: "Sign up", customerExternalId: externalId });

    const first = await dub.track.sale({ customerExternalId: externalId, amount: 5000, currency: "eur", invoiceId: `in_${externalId}_1`, paymentProcessor: "stripe", metadata: { plan: "pro" } });
    expect(first.sale).toEqual({ amount: 5400, currency: "usd", paymentProcessor: "stripe", invoiceId: `in_${externalId}_1`, metadata: { plan: "pro" } });
    expect(first.customer?.externalId).toBe(externalId);
    const again = await dub.track.sale({ customerExternalId: externalId, amount: 5000, currency: "eur", invoiceId: `in_${externalId}_1`, paymentProcessor: "stripe" });
    expect(again).toEqual(first);
    const renewal = await dub.track.sale({ customerExternalId: externalId, amount: 2900, invoiceId: `in_${externalId}_2` });
    expect(renewal.sale).toMatchObject({ amount: 2900, currency: "usd", paymentProcessor: "custom" });

    expect(await counters(link.id)).toEqual({ ...before, leads: before.leads + 1, sales: before.sales + 2, saleAmount: before.saleAmount + 8300, conversions: before.conversions + 1 });

    const customerId = first.customer?.id ?? "";
    const leads = await get<{ customer: { externalId: string; name: string }; click: { id: string }; metadata: unknown }[]>(`/events?event=leads&interval=24h&customerId=${customerId}`);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ customer: { externalId, name: "Ada Lovelace" }, click: { id: click.id } });
    const newSales = await get<{ saleAmount: number; invoice_id: string }[]>(`/events?event=sales&interval=24h&customerId=${customerId}&saleType=new`);
    const recurring = await get<{ saleAmount: number }[]>(`/events?event=sales&interval=24h&customerId=${customerId}&saleType=recurring`);
    expect(newSales.map((s) => s.saleAmount)).toEqual([5400]);
    expect(recurring.map((s) => s.saleAmount)).toEqual([2900]);
  });

  it("a sale of a customer it does not know, without a click, tracks nothing", async () => {
    const reply = await dub.track.sale({ customerExternalId: "nobody-we-know", amount: 100 });
    expect(reply).toEqual({ eventName: "Purchase", customer: null, sale: null });
  });

  it("refuses bad input with the spec's errors and writes nothing", async () => {
    const { click, link } = await someClick(3);
    const before = await counters(link.id);
    expect(await thrown(() => dub.track.lead({ clickId: "no-such-click", eventName: "Sign up", customerExternalId: "x" }))).toBeInstanceOf(errors.NotFound);
    expect(await thrown(() => dub.track.sale({ customerExternalId: "x", amount: -5, clickId: click.id }))).toBeInstanceOf(errors.UnprocessableEntity);
    const cases: [body: unknown, status: number][] = [
      ["{not json", 400],
      [{ eventName: "Sign up", customerExternalId: "x" }, 400],
      [{ clickId: click.id, eventName: 7, customerExternalId: "x" }, 400],
      [{ clickId: click.id, eventName: "Sign up", customerExternalId: "x", customerEmail: "not an email" }, 422],
      [{ clickId: click.id, eventName: "Sign up", customerExternalId: "x", metadata: { blob: "x".repeat(10_001) } }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await live.request("/track/lead", { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body).toMatchObject({ error: { code: status === 400 ? "bad_request" : "unprocessable_entity" } });
    }
    // Not a whole number: the wrong type for an amount in the currency's smallest unit.
    expect((await live.request("/track/sale", { body: { customerExternalId: "x", amount: 1.5, clickId: click.id } })).status).toBe(400);
    expect((await live.request("/track/sale", { body: { customerExternalId: "x", amount: 100, clickId: click.id, paymentProcessor: "bitcoin" } })).status).toBe(422);
    expect((await live.request("/track/lead", { key: null, body: { clickId: click.id, eventName: "a", customerExternalId: "x" } })).status).toBe(401);
    expect(await counters(link.id)).toEqual(before);
    expect(await get<unknown[]>(`/events?event=leads&interval=24h&customerId=x`)).toEqual([]);
  });
});

describe("tracking's rate limit", () => {
  it("is the plan's standard per-minute limit, then 429 with Retry-After", async () => {
    const limited = await startWritable({ rateLimitScale: 0.005 });
    try {
      // Business: 1,200 a minute, scaled to 6.
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.request("/track/lead", { body: {} })).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
      const refused = await limited.request("/track/sale", { body: {} });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("X-RateLimit-Limit")).toBe("6");
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
