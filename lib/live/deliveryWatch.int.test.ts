import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../contract/events";
import { SIGNATURE_HEADER } from "../contract/webhooks";
import { signDelivery } from "../http/webhookSignature";
import { startWritable, type WritablePlatform } from "../platform/testing/writablePlatform";
import { FakeClock } from "../upstream/testing/fakeClock";
import { proxyFor } from "../upstream/testing/testProxy";
import { CHECK_EVERY_MS, DeliveryWatch } from "./deliveryWatch";
import { LiveHub, type LiveMode } from "./hub";
import { latestThrough } from "./latestEvents";
import { Poller } from "./poller";
import { receiveDelivery } from "./receiver";

/**
 * Push mode against a writable platform of the test's own that delivers nothing to this dashboard
 * (as when it disabled the receiver): clicks go through its resolver, and the watch reads its
 * GET /events through the proxy on a fake clock that starts at the real time the platform stamps.
 */

const SECRET = "whsec_watch_secret";
const KEY = "demo_business_key";

let platform: WritablePlatform;
let link: LinkRecord;

beforeAll(async () => {
  platform = await startWritable();
  const created = await platform.request("/links", {
    body: { url: "https://example.com/watch", key: `watch${Date.now().toString(36)}` },
  });
  if (created.status !== 200) throw new Error(`POST /links → ${created.status}`);
  link = created.body as LinkRecord;
});
afterAll(async () => {
  await platform?.close();
});

async function click(): Promise<string> {
  const visit = await platform.request(`/r/${link.domain}/${link.key}`, {
    key: null,
    headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0" },
  });
  expect(visit.status).toBe(302);
  const listed = await platform.request(`/events?event=clicks&linkId=${link.id}&interval=24h&limit=1`);
  return (listed.body as { click: { id: string } }[])[0].click.id;
}

/** The click as the platform would deliver it, signed. */
async function delivery(clickId: string): Promise<Request> {
  const listed = await platform.request(`/events?event=clicks&linkId=${link.id}&interval=24h`);
  const event = (listed.body as { timestamp: string; click: { id: string }; link: unknown }[]).find(
    (e) => e.click.id === clickId,
  )!;
  const body = JSON.stringify({
    id: `msg_${clickId}`,
    event: "link.clicked",
    createdAt: event.timestamp,
    data: { click: event.click, link: event.link },
  });
  return new Request("http://127.0.0.1/api/webhooks", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signDelivery(body, SECRET) },
  });
}

function watched() {
  const clock = new FakeClock(Date.now());
  const hub = new LiveHub(clock, undefined, "push");
  const checks: string[] = [];
  const fetchLatest = latestThrough(proxyFor(platform.url, KEY, { clock }));
  const poller = new Poller({ hub, clock, fetchLatest });
  const watch = new DeliveryWatch({
    hub,
    clock,
    poller,
    fetchLatest: (kind, signal) => (checks.push(kind), fetchLatest(kind, signal)),
  });
  const modes: LiveMode[] = [];
  hub.onMode((mode) => modes.push(mode));
  return {
    clock,
    hub,
    watch,
    checks,
    modes,
    receiver: { secret: SECRET, hub, onDelivery: (at: number) => watch.delivered(at) },
  };
}

describe("push mode's watch over deliveries", () => {
  it("falls back to polling when the platform has an event no delivery brought, shows it, and returns to push with the next delivery", async () => {
    const { clock, hub, watch, modes, receiver } = watched();
    watch.start();
    const clickId = await click();
    await clock.advance(CHECK_EVERY_MS);
    await expect.poll(() => hub.mode).toBe("fallback");
    // Polling shows what the deliveries did not bring.
    await expect.poll(() => hub.recent().map((e) => e.id)).toContain(`click:${clickId}`);
    // Its delivery arrives after all: webhooks work again, and the click is not shown twice.
    const answer = await receiveDelivery(await delivery(clickId), receiver);
    expect(await answer.json()).toEqual({ received: true, duplicate: true });
    expect(hub.mode).toBe("push");
    expect(modes).toEqual(["fallback", "push"]);
    watch.stop();
  });

  it("stays in push mode while every event's delivery arrives", async () => {
    const { clock, hub, watch, checks, modes, receiver } = watched();
    watch.start();
    const clickId = await click();
    expect((await receiveDelivery(await delivery(clickId), receiver)).status).toBe(200);
    await clock.advance(CHECK_EVERY_MS);
    await expect.poll(() => checks).toEqual(["clicks", "leads", "sales"]);
    await clock.advance(0);
    expect(hub.mode).toBe("push");
    expect(modes).toEqual([]);
    watch.stop();
  });

  it("checks nothing while nobody watches", async () => {
    const { clock, watch, checks } = watched();
    watch.start();
    watch.stop();
    await clock.advance(3 * CHECK_EVERY_MS);
    expect(checks).toEqual([]);
  });
});
