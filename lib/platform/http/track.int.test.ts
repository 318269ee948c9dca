import type { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { authorization } from "../testing/client";
import { sdkFor, thrown } from "../testing/sdk";
import { noClickForCustomer } from "../write/deferredLeads";

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
    expect(lead.customer).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      avatar: "https://example.com/ada.png",
      externalId,
    });
    // The same lead again is not counted twice.
    await dub.track.lead({ clickId: click.id, eventName: "Sign up", customerExternalId: externalId });

    const first = await dub.track.sale({
      customerExternalId: externalId,
      amount: 5000,
      currency: "eur",
      invoiceId: `in_${externalId}_1`,
      paymentProcessor: "stripe",
      metadata: { plan: "pro" },
    });
    expect(first.sale).toEqual({
      amount: 5400,
      currency: "usd",
      paymentProcessor: "stripe",
      invoiceId: `in_${externalId}_1`,
      metadata: { plan: "pro" },
    });
    expect(first.customer?.externalId).toBe(externalId);
    const again = await dub.track.sale({
      customerExternalId: externalId,
      amount: 5000,
      currency: "eur",
      invoiceId: `in_${externalId}_1`,
      paymentProcessor: "stripe",
    });
    expect(again).toEqual(first);
    const renewal = await dub.track.sale({
      customerExternalId: externalId,
      amount: 2900,
      invoiceId: `in_${externalId}_2`,
    });
    expect(renewal.sale).toMatchObject({ amount: 2900, currency: "usd", paymentProcessor: "custom" });

    expect(await counters(link.id)).toEqual({
      ...before,
      leads: before.leads + 1,
      sales: before.sales + 2,
      saleAmount: before.saleAmount + 8300,
      conversions: before.conversions + 1,
    });

    const customerId = first.customer?.id ?? "";
    const leads = await get<
      { customer: { externalId: string; name: string }; click: { id: string }; metadata: unknown }[]
    >(`/events?event=leads&interval=24h&customerId=${customerId}`);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ customer: { externalId, name: "Ada Lovelace" }, click: { id: click.id } });
    const newSales = await get<{ saleAmount: number; invoice_id: string }[]>(
      `/events?event=sales&interval=24h&customerId=${customerId}&saleType=new`,
    );
    const recurring = await get<{ saleAmount: number }[]>(
      `/events?event=sales&interval=24h&customerId=${customerId}&saleType=recurring`,
    );
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
    expect(
      await thrown(() => dub.track.lead({ clickId: "no-such-click", eventName: "Sign up", customerExternalId: "x" })),
    ).toBeInstanceOf(errors.NotFound);
    expect(
      await thrown(() => dub.track.sale({ customerExternalId: "x", amount: -5, clickId: click.id })),
    ).toBeInstanceOf(errors.UnprocessableEntity);
    const cases: [body: unknown, status: number][] = [
      ["{not json", 400],
      [{ eventName: "Sign up", customerExternalId: "x" }, 400],
      [{ clickId: click.id, eventName: 7, customerExternalId: "x" }, 400],
      [{ clickId: click.id, eventName: "Sign up", customerExternalId: "x", customerEmail: "not an email" }, 422],
      [
        { clickId: click.id, eventName: "Sign up", customerExternalId: "x", metadata: { blob: "x".repeat(10_001) } },
        422,
      ],
    ];
    for (const [body, status] of cases) {
      const res = await live.request("/track/lead", { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body).toMatchObject({ error: { code: status === 400 ? "bad_request" : "unprocessable_entity" } });
    }
    // Not a whole number: the wrong type for an amount in the currency's smallest unit.
    expect(
      (await live.request("/track/sale", { body: { customerExternalId: "x", amount: 1.5, clickId: click.id } })).status,
    ).toBe(400);
    expect(
      (
        await live.request("/track/sale", {
          body: { customerExternalId: "x", amount: 100, clickId: click.id, paymentProcessor: "bitcoin" },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await live.request("/track/lead", {
          key: null,
          body: { clickId: click.id, eventName: "a", customerExternalId: "x" },
        })
      ).status,
    ).toBe(401);
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

describe("POST /track/click, deferred leads and the older field names", () => {
  type LeadEvent = { click: { id: string; trigger: string }; customer: { externalId: string }; eventName: string };

  it("records a pageview click the client saw itself, which leads are then tracked on", async () => {
    const { link } = await someClick(11);
    const before = await counters(link.id);
    // Over the socket, from this machine: X-Forwarded-For names the visitor.
    const res = await fetch(`${live.url}/track/click`, {
      method: "POST",
      body: JSON.stringify({
        domain: link.domain,
        key: link.key.toUpperCase(),
        url: "https://shop.example.com/pricing?via=ada",
        referrer: "https://news.example.org/post",
      }),
      headers: {
        ...authorization("business"),
        "Content-Type": "application/json",
        "User-Agent":
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
        "X-Forwarded-For": "81.2.69.142",
      },
    });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as {
      clickId: string;
      partner: { id: string; name: string; image: string | null } | null;
      discount: null;
    };
    expect(reply.discount).toBeNull();
    expect(reply.partner?.id ?? null).toBe(link.partnerId);
    const [event] = await get<{ click: Record<string, unknown>; link: { id: string } }[]>(
      `/events?event=clicks&interval=24h&linkId=${link.id}&trigger=pageview&limit=1`,
    );
    expect(event.click).toMatchObject({
      id: reply.clickId,
      trigger: "pageview",
      url: "https://shop.example.com/pricing?via=ada",
      referer: "news.example.org",
      country: "GB",
      browser: "Safari",
    });
    expect((await counters(link.id)).clicks).toBe(before.clicks + 1);
    const externalId = `click-customer-${Date.now()}`;
    const lead = await dub.track.lead({ clickId: reply.clickId, eventName: "Sign up", customerExternalId: externalId });
    expect(lead.click.id).toBe(reply.clickId);
  });

  it("answers 404 for a link not found, 400 without a domain, 401 without a key", async () => {
    const { link } = await someClick(12);
    const missing = await live.request("/track/click", { body: { domain: link.domain, key: "no-such-key-anywhere" } });
    expect(missing.status).toBe(404);
    expect((missing.body as { error: { message: string } }).error.message).toBe(
      `Link not found for domain: ${link.domain} and key: no-such-key-anywhere.`,
    );
    expect((await live.request("/track/click", { body: { key: link.key } })).status).toBe(400);
    expect(
      (await live.request("/track/click", { key: null, body: { domain: link.domain, key: link.key } })).status,
    ).toBe(401);
  });

  it("defers a lead: the customer and its click are kept, no lead counts until one comes with an empty clickId", async () => {
    const { click, link } = await someClick(13);
    const before = await counters(link.id);
    const externalId = `deferred-${Date.now()}`;
    const deferred = await dub.track.lead({
      clickId: click.id,
      eventName: "Sign up",
      customerExternalId: externalId,
      customerName: "Grace Hopper",
      mode: "deferred",
    });
    expect(deferred).toMatchObject({ click: { id: click.id }, customer: { externalId, name: "Grace Hopper" } });
    expect((await counters(link.id)).leads).toBe(before.leads);
    const customer = (await dub.customers.list({ externalId })).result;
    expect(customer).toHaveLength(1);
    expect(await get<unknown[]>(`/events?event=leads&interval=24h&customerId=${customer[0].id}`)).toEqual([]);

    const attributed = await dub.track.lead({ clickId: "", eventName: "Sign up", customerExternalId: externalId });
    expect(attributed.click.id).toBe(click.id);
    expect((await counters(link.id)).leads).toBe(before.leads + 1);
    const leads = await get<LeadEvent[]>(`/events?event=leads&interval=24h&customerId=${customer[0].id}`);
    expect(leads.map((l) => [l.click.id, l.eventName])).toEqual([[click.id, "Sign up"]]);
    // An empty clickId for a customer never seen: nothing to attribute to.
    const unknown = await thrown(() =>
      dub.track.lead({ clickId: "", eventName: "Sign up", customerExternalId: `${externalId}-unknown` }),
    );
    expect(unknown).toBeInstanceOf(errors.NotFound);
    expect((unknown as errors.NotFound).error.message).toBe(noClickForCustomer(`${externalId}-unknown`));
  });

  it("takes externalId or customerId for customerExternalId on leads and sales, as the hosted platform still does", async () => {
    const { click } = await someClick(14);
    const older = `older-${Date.now()}`;
    const lead = await live.request("/track/lead", {
      body: { clickId: click.id, eventName: "Sign up", externalId: older },
    });
    expect(lead.status).toBe(200);
    expect((lead.body as { customer: { externalId: string } }).customer.externalId).toBe(older);
    const sale = await live.request("/track/sale", { body: { customerId: older, amount: 1200 } });
    expect(sale.status).toBe(200);
    expect((sale.body as { customer: { externalId: string } | null }).customer?.externalId).toBe(older);
    // The current name wins over the older ones.
    const both = await live.request("/track/sale", {
      body: { customerExternalId: older, customerId: "someone-else", amount: 100 },
    });
    expect((both.body as { customer: { externalId: string } | null }).customer?.externalId).toBe(older);
    const none = await live.request("/track/sale", { body: { amount: 100 } });
    expect(none.status).toBe(400);
    expect((none.body as { error: { message: string } }).error.message).toBe(
      `Missing required field "customerExternalId".`,
    );
  });
});
