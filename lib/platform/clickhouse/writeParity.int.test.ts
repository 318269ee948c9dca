import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { LinkRecord } from "../../contract/events";
import type { ApiResponse } from "../testing/client";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { openEventStore, type EventStore } from "./connect";
import { copyEvents } from "./copyEvents";
import { startTestClickHouse, type TestClickHouse } from "./testing/testEventStore";

/**
 * Writes on the ClickHouse event store: two writable platforms over copies of the same seed, one
 * with its events on DuckDB, one on ClickHouse, get the same writes at the same instants (visits
 * through the resolver, tracked clicks, leads and sales, tracked again, a deleted link) and then
 * answer the same reads. New events' ids are random, so they are read without them.
 */

let clickhouse: TestClickHouse;
let events: EventStore;
let onDuckDb: WritablePlatform;
let onClickHouse: WritablePlatform;
/** Both platforms' clock: a second later for each request sent to both, so new events are ordered by time alone. */
let now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 90 * 60_000);

beforeAll(async () => {
  clickhouse = await startTestClickHouse();
  events = await openEventStore(clickhouse.url);
  const instance = await DuckDBInstance.create(inject("dataFile"), { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  try {
    await copyEvents(conn, events.db);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  const deps = { now: () => now, clientIp: () => "81.2.69.142", random: () => 0.75 };
  onDuckDb = await startWritable(deps, { eventStore: "duckdb" });
  onClickHouse = await startWritable(deps, { clickhouse: events.db });
}, 120_000);

afterAll(async () => {
  await onClickHouse?.close();
  await onDuckDb?.close();
  await events?.close();
  await clickhouse?.close();
});

type Request = Parameters<WritablePlatform["request"]>;

/** Sends the same request to both; their answers must be the same but for the new events' ids. */
async function both(...args: Request): Promise<ApiResponse> {
  now = new Date(now.getTime() + 1000);
  const [duck, ch] = await Promise.all([onDuckDb.request(...args), onClickHouse.request(...args)]);
  expect({ status: ch.status, body: withoutNewIds(ch.body) }, args[0]).toEqual({
    status: duck.status,
    body: withoutNewIds(duck.body),
  });
  return duck;
}

/** Event ids are 16 random base62 characters, a new customer's a time and random ones (write/ids.ts): blanked. */
const NEW_ID = /^(?:[0-9A-Za-z]{16}|cus_[0-9A-Z]{26})$/;
function withoutNewIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNewIds);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        typeof v === "string" && NEW_ID.test(v) && /id$/i.test(k) ? "<new>" : withoutNewIds(v),
      ]),
    );
  return value;
}

const READS = [
  "/analytics?event=composite&groupBy=count&interval=24h",
  "/analytics?event=composite&groupBy=timeseries&interval=24h",
  "/analytics?event=composite&groupBy=countries&interval=24h",
  "/analytics?event=sales&groupBy=top_links&interval=24h",
  "/analytics?event=leads&groupBy=devices&interval=24h",
  "/events?event=clicks&interval=24h&limit=20",
  "/events?event=leads&interval=24h&limit=20",
  "/events?event=sales&interval=24h&limit=20",
];

describe("writes on ClickHouse answer as on DuckDB", () => {
  it("visits, tracked clicks, leads and sales (tracked twice, counted once), then a deleted link", async () => {
    const [seedClick] = (await both("/events?event=clicks&interval=all&limit=1&page=5")).body as {
      click: { id: string };
      link: LinkRecord;
    }[];
    const link = seedClick.link;
    for (let i = 0; i < 3; i++)
      expect(
        (
          await both(`/r/${link.domain}/${link.key}`, {
            key: null,
            headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" },
          })
        ).status,
      ).toBe(302);
    expect((await both("/track/click", { body: { domain: link.domain, key: link.key } })).status).toBe(200);

    const lead = {
      clickId: seedClick.click.id,
      eventName: "Sign up",
      customerExternalId: "parity-customer",
      customerName: "Ada",
      metadata: { plan: "pro" },
    };
    expect((await both("/track/lead", { body: lead })).status).toBe(200);
    await both("/track/lead", { body: lead });
    const sale = {
      customerExternalId: "parity-customer",
      amount: 5000,
      currency: "eur",
      invoiceId: "in_parity_1",
      paymentProcessor: "stripe",
    };
    expect((await both("/track/sale", { body: sale })).body).toMatchObject({ sale: { amount: 5400, currency: "usd" } });
    await both("/track/sale", { body: sale });
    await both("/track/sale", {
      body: { customerExternalId: "parity-customer", amount: 2900, invoiceId: "in_parity_2" },
    });
    await both("/track/lead", { body: { ...lead, clickId: "no-such-click" } });

    for (const path of READS) expect((await both(path)).status).toBe(200);
    // The writes are there to compare: 4 clicks, 1 lead, 2 sales (the repeats counted once).
    expect(
      (
        await both(
          "/analytics?event=composite&groupBy=count&start=" +
            encodeURIComponent(new Date(now.getTime() - 60_000).toISOString()),
        )
      ).body,
    ).toMatchObject({ clicks: 4, leads: 1, sales: 2, saleAmount: 8300 });

    expect((await both(`/links/${link.id}`, { method: "DELETE" })).status).toBe(200);
    for (const path of READS) await both(path);
    await both(`/analytics?event=composite&groupBy=count&interval=all&linkId=${link.id}`);
    await both("/analytics?event=composite&groupBy=count&interval=all");
    // Its seed events on whole days left the rollups too: those without the link (negated) and those with it.
    await both("/analytics?event=composite&groupBy=countries&interval=all&device=-Desktop");
    await both("/analytics?event=composite&groupBy=top_links&interval=all&trigger=-qr");
    await both("/analytics?event=composite&groupBy=timeseries&interval=30d&timezone=America/New_York");
  }, 240_000);
});
