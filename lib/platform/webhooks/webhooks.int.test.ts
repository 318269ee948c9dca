import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { strictWebhooks } from "../../contract/webhooks";
import { isSignedBy } from "../../http/webhookSignature";
import { TestClock } from "../testing/clock";
import { startReceiver, type TestReceiver } from "../testing/receiver";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, RETRY_MAX_MS } from "./queue";

/**
 * Webhooks of a writable platform: deliveries carry the same records as GET /events in the
 * hosted platform's envelope, signed as it signs them; failures are retried with backoff on the
 * test's clock, and a receiver that keeps failing is disabled.
 */

const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

async function register(live: WritablePlatform, url: string, triggers: string[], extra: Record<string, unknown> = {}) {
  const res = await live.request("/webhooks", {
    body: { url, triggers, secret: "a-test-secret-of-some-length", ...extra },
  });
  if (res.status !== 201) throw new Error(`POST /webhooks → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; secret: string };
}

async function newLink(live: WritablePlatform, body: Record<string, unknown> = {}): Promise<LinkRecord> {
  const res = await live.request("/links", {
    body: { url: "https://example.com/hooked", trackConversion: true, ...body },
  });
  if (res.status !== 200) throw new Error(`POST /links → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as LinkRecord;
}

/** A click through the resolver; returns its click id (the link tracks conversions). */
async function click(live: WritablePlatform, link: LinkRecord): Promise<string> {
  const res = await live.request(`/r/${link.domain}/${link.key}`, { key: null, headers: { "User-Agent": DESKTOP } });
  return new URL(res.headers.get("Location") ?? "").searchParams.get("dub_id") ?? "";
}

describe("webhook deliveries", () => {
  let live: WritablePlatform;
  let receiver: TestReceiver;

  beforeAll(async () => {
    live = await startWritable();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await live?.close();
    await receiver?.close();
  });

  it("a click, a lead and a sale each reach the receiver signed, in the hosted platform's envelope, with the records of GET /events", async () => {
    const hook = await register(live, receiver.url, ["link.clicked", "lead.created", "sale.created"]);
    const link = await newLink(live);
    const clickId = await click(live, link);
    await live.request("/track/lead", {
      body: { clickId, eventName: "Sign up", customerExternalId: `hooked-${clickId}`, customerName: "Hook" },
    });
    await live.request("/track/sale", {
      body: { customerExternalId: `hooked-${clickId}`, amount: 1200, invoiceId: `in_${clickId}` },
    });
    await receiver.until((r) => r.length >= 3);

    const deliveries = receiver.received.map((r) => {
      expect(isSignedBy(r.body, r.signature, hook.secret)).toBe(true);
      return strictWebhooks.delivery.parse(JSON.parse(r.body));
    });
    expect(deliveries.map((d) => d.event)).toEqual(["link.clicked", "lead.created", "sale.created"]);
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(3);
    const [clicked, lead, sale] = deliveries;
    if (clicked.event !== "link.clicked" || lead.event !== "lead.created" || sale.event !== "sale.created")
      throw new Error("kinds");
    expect(clicked.data.click.id).toBe(clickId);
    expect(clicked.data.link).toMatchObject({ id: link.id, clicks: 1 });
    expect(lead.data).toMatchObject({
      eventName: "Sign up",
      customer: { name: "Hook" },
      click: { id: clickId },
      link: { id: link.id, leads: 1 },
    });
    expect(sale.data).toMatchObject({
      sale: { amount: 1200, currency: "usd", invoiceId: `in_${clickId}` },
      link: { saleAmount: 1200 },
    });

    // As GET /events lists the same click.
    const [listed] = (await live.request(`/events?event=clicks&linkId=${link.id}&interval=24h`)).body as {
      click: unknown;
    }[];
    expect(clicked.data.click).toEqual(listed.click);

    // On the ClickHouse store ("integration on ClickHouse"), the events delivered are the ones written there.
    if (live.clickhouse) {
      const rows = async (sql: string) =>
        (await live.clickhouse?.all(sql, { link: link.id }))?.map((row) => ({ ...row }));
      expect(await rows(`SELECT id FROM click_events WHERE link_id = {link:String}`)).toEqual([{ id: clickId }]);
      expect(await rows(`SELECT click_id, event_name FROM lead_events WHERE link_id = {link:String}`)).toEqual([
        { click_id: clickId, event_name: "Sign up" },
      ]);
      expect(await rows(`SELECT click_id, amount, invoice_id FROM sale_events WHERE link_id = {link:String}`)).toEqual([
        { click_id: clickId, amount: 1200n, invoice_id: `in_${clickId}` },
      ]);
    }
  });

  it("link.clicked only for the links that name a link-scoped receiver", async () => {
    const scoped = await startReceiver();
    try {
      const hook = await register(live, scoped.url, ["link.clicked"], { allLinks: false });
      const named = await newLink(live, { webhookIds: [hook.id] });
      const other = await newLink(live);
      await click(live, other);
      await click(live, named);
      await scoped.until((r) => r.length >= 1);
      await live.platform.webhooks?.dispatcher.idle();
      expect(scoped.received).toHaveLength(1);
      expect(JSON.parse(scoped.received[0].body)).toMatchObject({ data: { link: { id: named.id } } });
    } finally {
      await scoped.close();
    }
  });
});

describe("webhook retries on the test's clock", () => {
  let live: WritablePlatform;
  let clock: TestClock;
  let answers: number[];
  let sent: string[];
  /** The URL of each delivery sent, in order. */
  let sentTo: string[] = [];

  // A visit is answered once its click is journaled: its delivery is queued when the click reaches the store.
  const settle = async () => {
    await live.platform.drain();
    await live.platform.webhooks?.dispatcher.idle();
  };
  const attempts = async (deliveryId: string) =>
    live.platform.connect().then(async (conn) => {
      try {
        const reader = await conn.runAndReadAll(
          `SELECT status FROM webhook_attempts WHERE delivery_id = $id ORDER BY attempt`,
          { id: deliveryId },
        );
        return reader.getRowObjectsJS().map((row) => row.status);
      } finally {
        conn.closeSync();
      }
    });

  beforeAll(async () => {
    clock = new TestClock(new Date());
    live = await startWritable(
      {},
      {
        now: clock.now,
        timers: clock,
        send: (url, init) => {
          sent.push(String(init.body));
          sentTo.push(url);
          return Promise.resolve(new Response("{}", { status: answers.shift() ?? 500 }));
        },
      },
    );
  });
  afterAll(async () => {
    await live?.close();
  });
  afterEach(() => {
    sent = [];
    sentTo = [];
  });

  it("retries with exponential backoff until the receiver answers 2xx, sending the same body every time", async () => {
    sent = [];
    answers = [500, 503, 200];
    await register(live, "http://receiver.invalid/hook", ["link.clicked"]);
    await click(live, await newLink(live));
    await settle();
    expect(sent).toHaveLength(1);
    clock.advance(999);
    await settle();
    expect(sent).toHaveLength(1);
    clock.advance(1);
    await settle();
    expect(sent).toHaveLength(2);
    clock.advance(2000);
    await settle();
    expect(sent).toHaveLength(3);
    clock.advance(RETRY_MAX_MS);
    await settle();
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
    const id = (JSON.parse(sent[0]) as { id: string }).id;
    expect(await attempts(id)).toEqual([500, 503, 200]);
  });

  it(`disables a receiver after ${DISABLE_AFTER_FAILURES} failures in a row, and queues nothing more for it`, async () => {
    sent = [];
    answers = [];
    const hook = await register(live, "http://receiver.invalid/broken", ["link.clicked"]);
    const link = await newLink(live);
    await click(live, link);
    await click(live, link);
    await settle();
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      clock.advance(RETRY_MAX_MS);
      await settle();
    }
    // Two deliveries, failing together: the 20th failure (the 10th attempt of each) disables the receiver.
    const toBroken = () => sentTo.filter((url) => url.endsWith("/broken")).length;
    expect(toBroken()).toBe(DISABLE_AFTER_FAILURES);
    const listed = (await live.request("/webhooks")).body as { id: string; disabledAt: string | null }[];
    expect(listed.find((w) => w.id === hook.id)?.disabledAt).not.toBeNull();
    // Disabled: a new click is not queued for it.
    await click(live, link);
    await settle();
    clock.advance(RETRY_MAX_MS);
    await settle();
    expect(toBroken()).toBe(DISABLE_AFTER_FAILURES);
  });

  it(`fails a delivery for good after ${MAX_ATTEMPTS} attempts`, async () => {
    answers = [];
    await register(live, "http://receiver.invalid/gives-up", ["sale.created"]);
    const link = await newLink(live);
    const clickId = await click(live, link);
    await live.request("/track/lead", {
      body: { clickId, eventName: "Sign up", customerExternalId: `gives-up-${clickId}` },
    });
    await live.request("/track/sale", { body: { customerExternalId: `gives-up-${clickId}`, amount: 100 } });
    await settle();
    for (let i = 0; i < MAX_ATTEMPTS + 3; i++) {
      clock.advance(RETRY_MAX_MS);
      await settle();
    }
    expect(sentTo.filter((url) => url.endsWith("/gives-up")).length).toBe(MAX_ATTEMPTS);
  });
});
