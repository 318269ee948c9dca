import { beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { looseEvents } from "../contract/events";
import { SIGNATURE_HEADER, type ReadDelivery } from "../contract/webhooks";
import { signDelivery } from "../http/webhookSignature";
import { FakeClock } from "../upstream/testing/fakeClock";
import { proxyFor } from "../upstream/testing/testProxy";
import { LiveHub, type LiveEvent } from "./hub";
import { latestThrough } from "./latestEvents";
import { Poller } from "./poller";
import { receiveDelivery } from "./receiver";
import { liveStream } from "./stream";

/**
 * The dashboard's live side against the real embedded platform: deliveries built from the events
 * it lists (signed as the platform signs them) through the receiver, the SSE stream, and polling
 * through the proxy when no webhook reaches the dashboard.
 */

const SECRET = "whsec_test_secret";
const KEY = "demo_business_key";

/** A real event of each kind, as GET /events lists it. */
let listed: Record<"clicks" | "leads" | "sales", Record<string, unknown>>;

beforeAll(async () => {
  const read = async (kind: string) => {
    const response = await fetch(`${inject("platformUrl")}/events?event=${kind}&interval=30d&limit=1`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    const [first] = (await response.json()) as Record<string, unknown>[];
    return first;
  };
  listed = { clicks: await read("clicks"), leads: await read("leads"), sales: await read("sales") };
});

function deliveryFor(kind: "clicks" | "leads" | "sales", id: string): ReadDelivery {
  const e = listed[kind];
  const createdAt = String(e.timestamp);
  if (kind === "clicks")
    return { id, event: "link.clicked", createdAt, data: { click: e.click, link: e.link } } as ReadDelivery;
  const data = {
    eventName: e.eventName,
    customer: e.customer,
    click: e.click,
    link: e.link,
    metadata: e.metadata ?? null,
    ...(kind === "sales" ? { sale: e.sale } : {}),
  };
  return { id, event: kind === "leads" ? "lead.created" : "sale.created", createdAt, data } as ReadDelivery;
}

function post(body: string, signature: string | null): Request {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set(SIGNATURE_HEADER, signature);
  return new Request("http://127.0.0.1/api/webhooks", { method: "POST", body, headers });
}

async function expectRefusal(response: Response, status: number): Promise<void> {
  expect(response.status).toBe(status);
  expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
}

describe("the webhook receiver", () => {
  it("publishes a signed delivery of each kind as the event the table would list, once", async () => {
    const hub = new LiveHub(new FakeClock());
    const seen: LiveEvent[] = [];
    hub.subscribe((e) => seen.push(e));
    for (const kind of ["clicks", "leads", "sales"] as const) {
      const body = JSON.stringify(deliveryFor(kind, `evt_${kind}`));
      const first = await receiveDelivery(post(body, signDelivery(body, SECRET)), { secret: SECRET, hub });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      const again = await receiveDelivery(post(body, signDelivery(body, SECRET)), { secret: SECRET, hub });
      expect(await again.json()).toEqual({ received: true, duplicate: true });
    }
    // A click is known by its click id, whether a delivery or polling brought it.
    expect(seen.map((e) => [e.id, e.kind])).toEqual([
      [`click:${(listed.clicks.click as { id: string }).id}`, "clicks"],
      ["evt_leads", "leads"],
      ["evt_sales", "sales"],
    ]);
    for (const e of seen) expect(looseEvents.event.safeParse(e.event).success).toBe(true);
    expect(seen[2].event.event === "sale" && seen[2].event.sale.amount).toBe(
      (listed.sales.sale as { amount: number }).amount,
    );
  });

  it("refuses in the error shape: no signature, a wrong one, another secret, a body that is not a delivery, none configured", async () => {
    const hub = new LiveHub(new FakeClock());
    const body = JSON.stringify(deliveryFor("clicks", "evt_x"));
    await expectRefusal(await receiveDelivery(post(body, null), { secret: SECRET, hub }), 401);
    await expectRefusal(await receiveDelivery(post(body, "0".repeat(64)), { secret: SECRET, hub }), 401);
    await expectRefusal(
      await receiveDelivery(post(body, signDelivery(body, "whsec_other")), { secret: SECRET, hub }),
      401,
    );
    const tampered = body.replace("evt_x", "evt_y");
    await expectRefusal(
      await receiveDelivery(post(tampered, signDelivery(body, SECRET)), { secret: SECRET, hub }),
      401,
    );
    for (const [bad, status] of [
      ["not json", 400],
      ['{"id":"evt_1","event":"link.deleted","createdAt":"x","data":{}}', 422],
      ["[]", 422],
    ] as const) {
      await expectRefusal(await receiveDelivery(post(bad, signDelivery(bad, SECRET)), { secret: SECRET, hub }), status);
    }
    await expectRefusal(
      await receiveDelivery(post("x".repeat(300_000), signDelivery("x", SECRET)), { secret: SECRET, hub }),
      400,
    );
    await expectRefusal(await receiveDelivery(post(body, signDelivery(body, SECRET)), { secret: null, hub }), 404);
    expect(hub.recent()).toEqual([]);
  });
});

/** Reads SSE messages from a stream until `count` have arrived. */
async function messages(response: Response, count: number): Promise<{ name: string; data: unknown }[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const out: { name: string; data: unknown }[] = [];
  let buffer = "";
  while (out.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (name && data) out.push({ name, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return out;
}

describe("the live stream", () => {
  it("starts with the kept events and the mode, then sends each new event with IPs masked", async () => {
    const clock = new FakeClock();
    const hub = new LiveHub(clock);
    const body = JSON.stringify(deliveryFor("clicks", "evt_kept"));
    await receiveDelivery(post(body, signDelivery(body, SECRET)), { secret: SECRET, hub });
    const abort = new AbortController();
    const response = liveStream({
      hub,
      clock,
      redact: (e) => ({ ...e, click: { ...e.click, ip: "masked" } }),
      signal: abort.signal,
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reading = messages(response, 2);
    const next = JSON.stringify(deliveryFor("sales", "evt_new"));
    await receiveDelivery(post(next, signDelivery(next, SECRET)), { secret: SECRET, hub });
    const [ready, event] = await reading;
    expect(ready.name).toBe("ready");
    expect(ready.data).toMatchObject({
      mode: "push",
      notice: null,
      recent: [{ id: `click:${(listed.clicks.click as { id: string }).id}`, kind: "clicks" }],
    });
    expect(event).toMatchObject({
      name: "event",
      data: { id: "evt_new", kind: "sales", event: { event: "sale", click: { ip: "masked" } } },
    });
    abort.abort();
    expect(hub.subscribers).toBe(0);
  });
});

describe("polling, when no webhook reaches the dashboard", () => {
  it("reads the newest events of each kind through the proxy every 10 s while someone watches, each once", async () => {
    const clock = new FakeClock();
    const hub = new LiveHub(clock);
    const proxy = proxyFor(inject("platformUrl"), KEY, { clock });
    const requests: string[] = [];
    const fetchLatest = latestThrough(proxy);
    const poller = new Poller({
      hub,
      clock,
      fetchLatest: (kind, signal) => (requests.push(kind), fetchLatest(kind, signal)),
    });
    poller.start();
    // A round ends by setting the timer of the next one.
    await clock.scheduled(10_000);
    expect(requests).toEqual(["clicks", "leads", "sales"]);
    const first = hub.recent();
    expect(first.some((e) => e.kind === "clicks")).toBe(true);
    expect(new Set(first.map((e) => e.id)).size).toBe(first.length);
    const published = new Set<string>();
    hub.subscribe((e) => published.add(e.id));
    await clock.advance(10_000);
    await clock.scheduled(20_000);
    expect(requests).toHaveLength(6);
    // The same newest events again: nothing is published twice.
    expect(published.size).toBe(0);
    poller.stop();
    await clock.advance(30_000);
    expect(requests.length).toBe(6);
  });

  it("says why when the plan refuses events", async () => {
    const clock = new FakeClock();
    const hub = new LiveHub(clock);
    const notices: (string | null)[] = [];
    hub.onNotice((n) => notices.push(n));
    const poller = new Poller({
      hub,
      clock,
      fetchLatest: latestThrough(proxyFor(inject("platformUrl"), "demo_pro_key", { clock })),
    });
    poller.start();
    await expect.poll(() => notices.length).toBe(1);
    expect(notices[0]).toMatch(/plan too low/);
    poller.stop();
  });
});
