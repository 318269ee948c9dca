import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import type { ClickRow } from "./eventRows";

/**
 * Events written while the platform serves are read back exactly, with every derived state
 * (rollups, conversion clicks, spans, cached links) already warm from earlier reads: what the
 * writer maintains is what a reopen would build.
 */

interface Metrics {
  clicks: number;
  leads: number;
  sales: number;
  saleAmount: number;
}

let live: WritablePlatform;

beforeAll(async () => {
  live = await startWritable();
});
afterAll(async () => {
  await live?.close();
});

async function get<T>(path: string): Promise<T> {
  const res = await live.request(path);
  if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** Every figure of the day around now: counts, the timeseries summed, and Iceland's row of the countries breakdown. */
async function figures(linkId: string) {
  const range = `start=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;
  const count = await get<Metrics>(`/analytics?event=composite&groupBy=count&${range}`);
  const series = await get<(Metrics & { start: string })[]>(`/analytics?event=composite&groupBy=timeseries&${range}`);
  const countries = await get<(Metrics & { country: string })[]>(`/analytics?event=composite&groupBy=countries&${range}`);
  const iceland = countries.find((row) => row.country === "IS") ?? { clicks: 0, leads: 0, sales: 0, saleAmount: 0 };
  const seriesSum = (metric: keyof Metrics) => series.reduce((sum, row) => sum + row[metric], 0);
  const [click] = await get<{ link: LinkRecord }[]>(`/events?event=clicks&linkId=${linkId}&interval=all&limit=1`);
  const { clicks, leads, sales, saleAmount, conversions, lastClicked } = click.link;
  return {
    count: { clicks: count.clicks, leads: count.leads, sales: count.sales, saleAmount: count.saleAmount },
    series: { clicks: seriesSum("clicks"), leads: seriesSum("leads"), sales: seriesSum("sales"), saleAmount: seriesSum("saleAmount") },
    iceland: { clicks: iceland.clicks, leads: iceland.leads, sales: iceland.sales, saleAmount: iceland.saleAmount },
    link: { clicks, leads, sales, saleAmount, conversions, lastClicked },
  };
}

describe("the store writer", () => {
  it("records a click, a lead and a sale that every read includes at once", async () => {
    const [sample] = await get<{ link: LinkRecord }[]>("/events?event=clicks&interval=all&limit=1");
    const link = sample.link;
    // Warm every cache and span first: the writer must keep them true, not rely on their absence.
    const before = await figures(link.id);
    await get("/events?event=leads&interval=24h");
    await get("/events?event=sales&interval=24h");

    const now = new Date();
    const click: ClickRow = {
      id: "wrTestClick00001", workspaceId: link.workspaceId, linkId: link.id, timestamp: now, url: link.url, country: "IS", city: "Reykjavik",
      region: "IS-1", continent: "EU", device: "Mobile", browser: "Safari", os: "iOS", ua: null, trigger: "qr", referer: "(direct)",
      refererUrl: "(direct)", ip: "203.0.113.7",
    };
    await live.writer.transact((tx) => tx.recordClick(click));
    const customerId = "cus_writerTest1";
    await live.writer.transact(async (tx) => {
      await tx.run(`INSERT INTO customers (id, workspace_id, external_id, name, email, avatar, country, created_at)
        VALUES ($id, $ws, 'writer-test', 'W. Test', 'w@example.com', NULL, 'IS', now())`, { id: customerId, ws: link.workspaceId });
      await tx.recordLead({ id: "wrTestLead000001", workspaceId: link.workspaceId, clickId: click.id, linkId: link.id, customerId, timestamp: now, eventName: "Sign up", metadata: null });
    });
    await live.writer.transact((tx) =>
      tx.recordSale({
        id: "wrTestSale000001", workspaceId: link.workspaceId, clickId: click.id, linkId: link.id, customerId, timestamp: now, eventName: "Purchase",
        metadata: '{"plan":"pro"}', amount: 2900, currency: "usd", invoiceId: "in_writer_test", paymentProcessor: "stripe", saleType: "new",
      }),
    );

    const after = await figures(link.id);
    const plusOne = (m: Metrics) => ({ clicks: m.clicks + 1, leads: m.leads + 1, sales: m.sales + 1, saleAmount: m.saleAmount + 2900 });
    expect(after.count).toEqual(plusOne(before.count));
    expect(after.series).toEqual(plusOne(before.series));
    expect(after.iceland).toEqual(plusOne(before.iceland));
    expect(after.link).toEqual({ ...plusOne(before.link), conversions: before.link.conversions + 1, lastClicked: now.toISOString() });

    const [lead] = await get<{ click: { id: string; country: string }; customer: { id: string } }[]>("/events?event=leads&interval=24h&limit=1");
    expect(lead.click).toMatchObject({ id: click.id, country: "IS" });
    expect(lead.customer.id).toBe(customerId);
    const sales = await get<{ eventId: string; saleAmount: number }[]>("/events?event=sales&interval=24h&saleType=new&country=IS");
    expect(sales.map((s) => s.eventId)).toContain("wrTestSale000001");
  });

  it("writes nothing when a write fails", async () => {
    const [sample] = await get<{ link: LinkRecord }[]>("/events?event=clicks&interval=all&limit=1");
    const before = await figures(sample.link.id);
    await expect(
      live.writer.transact(async (tx) => {
        await tx.recordClick({
          id: "wrTestClick00002", workspaceId: sample.link.workspaceId, linkId: sample.link.id, timestamp: new Date(), url: sample.link.url, country: "IS",
          city: "Reykjavik", region: "IS-1", continent: "EU", device: "Mobile", browser: "Safari", os: "iOS", ua: null, trigger: "link",
          referer: "(direct)", refererUrl: "(direct)", ip: "203.0.113.8",
        });
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(await figures(sample.link.id)).toEqual(before);
  });
});

describe("the rollups' delta rows", () => {
  it("are folded back to one row per key as events arrive, the figures unchanged", async () => {
    const folding = await startWritable({}, { rollupCompactEvery: 3 });
    try {
      const read = async <T>(path: string) => (await folding.request(path)).body as T;
      const [sample] = await read<{ link: LinkRecord }[]>("/events?event=clicks&interval=all&limit=1");
      const range = `start=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;
      const before = await read<Metrics>(`/analytics?event=clicks&groupBy=count&${range}`);
      for (let i = 0; i < 7; i++) {
        await folding.writer.transact((tx) =>
          tx.recordClick({
            id: `wrFoldClick0000${i}`, workspaceId: sample.link.workspaceId, linkId: sample.link.id, timestamp: new Date(), url: sample.link.url, country: "IS",
            city: "Reykjavik", region: "IS-1", continent: "EU", device: "Mobile", browser: "Safari", os: "iOS", ua: null, trigger: "link",
            referer: "(direct)", refererUrl: "(direct)", ip: "203.0.113.9",
          }),
        );
      }
      expect((await read<Metrics>(`/analytics?event=clicks&groupBy=count&${range}`)).clicks).toBe(before.clicks + 7);
      const conn = await folding.platform.connect();
      try {
        // Folded after the 3rd and 6th click: the slot of now holds the folded row and the 7th click's (unfolded, it would hold 7 or 8).
        const rows = await conn.runAndReadAll(`SELECT max(n) AS most FROM (SELECT count(*) AS n FROM analytics_rollups.slot GROUP BY kind, workspace_id, t)`);
        expect(Number(rows.getRowObjectsJS()[0].most)).toBe(2);
      } finally {
        conn.closeSync();
      }
    } finally {
      await folding.close();
    }
  });
});
