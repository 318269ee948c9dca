import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { strictWebhooks } from "../../contract/webhooks";
import { isSignedBy } from "../../http/webhookSignature";
import { DEMO_KEYS } from "../testing/client";
import { projectClickHouseUrl } from "../testing/projectStore";
import { startReceiver, type TestReceiver } from "../testing/receiver";
import { startPlatform, type RunningPlatform } from "../testing/spawnPlatform";
import { cloneEventStore } from "./testing/testEventStore";

/**
 * End to end on the ClickHouse store: the platform process as `npm start` runs it
 * (`scripts/platform.ts --store clickhouse --writable`, CLICKHOUSE_URL in its environment) takes
 * a webhook, a link, a visit, a lead and a sale over HTTP; the receiver gets each signed, and
 * ClickHouse holds each event. Runs in the "integration on ClickHouse" project (skipped where
 * the project serves DuckDB: webhooks.int.test.ts covers both).
 */

const AUTH = { Authorization: `Bearer ${DEMO_KEYS.business}`, "Content-Type": "application/json" };
const SECRET = "end-to-end-clickhouse-secret";

describe.skipIf(projectClickHouseUrl() === null)("webhooks of a platform process on ClickHouse", () => {
  let dir: string | undefined;
  let events: Awaited<ReturnType<typeof cloneEventStore>> | undefined;
  let platform: RunningPlatform | undefined;
  let receiver: TestReceiver | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "linklens-ch-hooks-"));
    const file = join(dir, "platform.duckdb");
    await copyFile(inject("dataFile"), file);
    events = await cloneEventStore(projectClickHouseUrl() ?? "");
    receiver = await startReceiver();
    platform = await startPlatform(
      ["--data", file, "--writable", "--store", "clickhouse", "--port", "0", "--rate-limit-scale", "1000"],
      90_000,
      { CLICKHOUSE_URL: events.url },
    );
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await receiver?.close();
    await events?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${platform?.url}${path}`, { method: "POST", headers: AUTH, body: JSON.stringify(body) });
    const json = (await res.json()) as unknown;
    if (res.status >= 300) throw new Error(`POST ${path} → ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };

  it("delivers a click, a lead and a sale tracked on ClickHouse, signed", { timeout: 60_000 }, async () => {
    if (!platform || !receiver || !events) throw new Error("set up");
    await post("/webhooks", {
      url: receiver.url,
      triggers: ["link.clicked", "lead.created", "sale.created"],
      secret: SECRET,
    });
    const link = (await post("/links", { url: "https://example.com/ch-hooked", trackConversion: true })) as LinkRecord;
    const visit = await fetch(`${platform.url}/r/${link.domain}/${link.key}`, {
      redirect: "manual",
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" },
    });
    expect(visit.status).toBe(302);
    const clickId = new URL(visit.headers.get("location") ?? "").searchParams.get("dub_id") ?? "";
    expect(clickId).not.toBe("");
    await post("/track/lead", { clickId, eventName: "Sign up", customerExternalId: `ch-${clickId}` });
    await post("/track/sale", { customerExternalId: `ch-${clickId}`, amount: 4200, invoiceId: `in_ch_${clickId}` });
    await receiver.until((r) => r.length >= 3);

    const deliveries = receiver.received.map((r) => {
      expect(isSignedBy(r.body, r.signature, SECRET)).toBe(true);
      return strictWebhooks.delivery.parse(JSON.parse(r.body));
    });
    expect(deliveries.map((d) => d.event)).toEqual(["link.clicked", "lead.created", "sale.created"]);
    for (const d of deliveries) expect(d.data).toMatchObject({ click: { id: clickId }, link: { id: link.id } });
    expect(deliveries[2].data).toMatchObject({ sale: { amount: 4200, invoiceId: `in_ch_${clickId}` } });

    const count = async (table: string) =>
      Number(
        (
          await events?.db.all(`SELECT count() AS n FROM ${table} WHERE link_id = {link:String}`, { link: link.id })
        )?.[0]?.n,
      );
    expect([await count("click_events"), await count("lead_events"), await count("sale_events")]).toEqual([1, 1, 1]);
  });
});
