import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReplySchemas, parseAnalyticsQuery } from "../../contract/analytics";
import { resolveRange } from "../../contract/dateRange";
import type { LinkRecord } from "../../contract/events";
import { queryAnalytics } from "../query/analyticsQuery";
import type { Store } from "../query/store";
import { projectClickHouseUrl } from "../testing/projectStore";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { seededClick, testClick } from "../testing/writerFixture";
import { clickDimensionsOf } from "./eventRows";

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

/**
 * The day either side of the moment a test starts, fixed once: a window that moved between the
 * reads before and after a write would drop seeded events from one of them on a slow run.
 */
function windowAroundNow(): string {
  const now = Date.now();
  return `start=${encodeURIComponent(new Date(now - 86_400_000).toISOString())}&end=${encodeURIComponent(new Date(now + 86_400_000).toISOString())}`;
}

/** Every figure of `range`: counts, the timeseries summed, and Iceland's row of the countries breakdown. */
async function figures(linkId: string, range: string) {
  const count = await get<Metrics>(`/analytics?event=composite&groupBy=count&${range}`);
  const series = await get<(Metrics & { start: string })[]>(`/analytics?event=composite&groupBy=timeseries&${range}`);
  const countries = await get<(Metrics & { country: string })[]>(
    `/analytics?event=composite&groupBy=countries&${range}`,
  );
  const iceland = countries.find((row) => row.country === "IS") ?? { clicks: 0, leads: 0, sales: 0, saleAmount: 0 };
  const seriesSum = (metric: keyof Metrics) => series.reduce((sum, row) => sum + row[metric], 0);
  const [click] = await get<{ link: LinkRecord }[]>(`/events?event=clicks&linkId=${linkId}&interval=all&limit=1`);
  const { clicks, leads, sales, saleAmount, conversions, lastClicked } = click.link;
  return {
    count: { clicks: count.clicks, leads: count.leads, sales: count.sales, saleAmount: count.saleAmount },
    series: {
      clicks: seriesSum("clicks"),
      leads: seriesSum("leads"),
      sales: seriesSum("sales"),
      saleAmount: seriesSum("saleAmount"),
    },
    iceland: { clicks: iceland.clicks, leads: iceland.leads, sales: iceland.sales, saleAmount: iceland.saleAmount },
    link: { clicks, leads, sales, saleAmount, conversions, lastClicked },
  };
}

describe("the store writer", () => {
  it("records a click, a lead and a sale that every read includes at once", async () => {
    const sample = await seededClick(live);
    const link = sample.link;
    const range = windowAroundNow();
    // Warm every cache and span first: the writer must keep them true, not rely on their absence.
    const before = await figures(link.id, range);
    await get("/events?event=leads&interval=24h");
    await get("/events?event=sales&interval=24h");

    const now = new Date();
    const click = testClick("wrTestClick00001", link, { timestamp: now, trigger: "qr", ip: "203.0.113.7" });
    await live.writer.transact((tx) => tx.recordClick(click));
    const customerId = "cus_writerTest1";
    await live.writer.transact(async (tx) => {
      await tx.run(
        `INSERT INTO customers (id, workspace_id, external_id, name, email, avatar, country, created_at)
        VALUES ($id, $ws, 'writer-test', 'W. Test', 'w@example.com', NULL, 'IS', now())`,
        { id: customerId, ws: link.workspaceId },
      );
      await tx.recordLead({
        id: "wrTestLead000001",
        workspaceId: link.workspaceId,
        clickId: click.id,
        click: clickDimensionsOf(click),
        linkId: link.id,
        customerId,
        timestamp: now,
        eventName: "Sign up",
        metadata: null,
      });
    });
    await live.writer.transact((tx) =>
      tx.recordSale({
        id: "wrTestSale000001",
        workspaceId: link.workspaceId,
        clickId: click.id,
        click: clickDimensionsOf(click),
        linkId: link.id,
        customerId,
        timestamp: now,
        eventName: "Purchase",
        metadata: '{"plan":"pro"}',
        amount: 2900,
        currency: "usd",
        invoiceId: "in_writer_test",
        paymentProcessor: "stripe",
        saleType: "new",
      }),
    );

    const after = await figures(link.id, range);
    const plusOne = (m: Metrics) => ({
      clicks: m.clicks + 1,
      leads: m.leads + 1,
      sales: m.sales + 1,
      saleAmount: m.saleAmount + 2900,
    });
    expect(after.count).toEqual(plusOne(before.count));
    expect(after.series).toEqual(plusOne(before.series));
    expect(after.iceland).toEqual(plusOne(before.iceland));
    expect(after.link).toEqual({
      ...plusOne(before.link),
      conversions: before.link.conversions + 1,
      lastClicked: now.toISOString(),
    });

    const [lead] = await get<{ click: { id: string; country: string }; customer: { id: string } }[]>(
      "/events?event=leads&interval=24h&limit=1",
    );
    expect(lead.click).toMatchObject({ id: click.id, country: "IS" });
    expect(lead.customer.id).toBe(customerId);
    const sales = await get<{ eventId: string; saleAmount: number }[]>(
      "/events?event=sales&interval=24h&saleType=new&country=IS",
    );
    expect(sales.map((s) => s.eventId)).toContain("wrTestSale000001");
  });

  it("writes nothing when a write fails", async () => {
    const sample = await seededClick(live);
    const range = windowAroundNow();
    const before = await figures(sample.link.id, range);
    await expect(
      live.writer.transact(async (tx) => {
        await tx.recordClick(testClick("wrTestClick00002", sample.link));
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(await figures(sample.link.id, range)).toEqual(before);
  });
});

// DuckDB's own derived state: the ClickHouse store keeps no rollups in the file (docs/clickhouse.md).
describe.skipIf(projectClickHouseUrl() !== null)("the rollups' delta rows", () => {
  it("are folded back to one row per key as events arrive, the figures unchanged", async () => {
    const folding = await startWritable({}, { rollupCompactEvery: 3 });
    try {
      const read = async <T>(path: string) => (await folding.request(path)).body as T;
      const sample = await seededClick(folding);
      const range = `start=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;
      const before = await read<Metrics>(`/analytics?event=clicks&groupBy=count&${range}`);
      for (let i = 0; i < 7; i++) {
        await folding.writer.transact((tx) =>
          tx.recordClick(testClick(`wrFoldClick0000${i}`, sample.link, { ip: "203.0.113.9" })),
        );
      }
      expect((await read<Metrics>(`/analytics?event=clicks&groupBy=count&${range}`)).clicks).toBe(before.clicks + 7);
      const conn = await folding.platform.connect();
      try {
        // Folded after the 3rd and 6th click: the slot of now holds the folded row and the 7th click's (unfolded, it would hold 7 or 8).
        const rows = await conn.runAndReadAll(
          `SELECT max(n) AS most FROM (SELECT count(*) AS n FROM ${folding.platform.store.rollups}.slot GROUP BY kind, workspace_id, t)`,
        );
        expect(Number(rows.getRowObjectsJS()[0].most)).toBe(2);
      } finally {
        conn.closeSync();
      }
    } finally {
      await folding.close();
    }
  });
});

describe("filtered rollups", () => {
  // 14 requests compared after each of 10 writes and a deletion: minutes on a loaded 2-core machine.
  it("read what the events do as clicks, leads and sales arrive, folded or not", { timeout: 240_000 }, async () => {
    const folding = await startWritable({}, { rollupCompactEvery: 4 });
    try {
      const sample = await seededClick(folding);
      const { workspaceId } = sample.link;
      const now = Date.now();
      // Today's whole UTC day and hours are read from the rollups, which hold the new events only through the writer.
      const range = `start=${new Date(now - 2 * 86_400_000).toISOString()}&end=${new Date(now + 2 * 86_400_000).toISOString()}`;
      const requests = [
        "groupBy=count&event=composite&country=IS,US",
        "groupBy=timeseries&event=composite&country=IS&granularity=day",
        "groupBy=timeseries&event=composite&country=-IS&granularity=hour",
        "groupBy=countries&event=composite&device=-Mobile",
        "groupBy=countries&event=sales&device=Tablet,Mobile",
        "groupBy=top_links&event=clicks&trigger=qr",
        "groupBy=utm_sources&event=composite&referer=example.org",
      ];
      // Several filters over whole weeks (the week holding now among them) read the week cubes, their partial weeks the day cube.
      const weeks = `start=${new Date(now - 15 * 86_400_000).toISOString()}&end=${new Date(now + 15 * 86_400_000).toISOString()}`;
      const weekRequests = [
        "groupBy=count&event=composite&country=IS&device=Mobile",
        "groupBy=countries&event=composite&device=-Desktop&trigger=qr",
        "groupBy=top_links&event=composite&country=IS,US&device=Mobile",
        "groupBy=utm_sources&event=composite&country=US&trigger=link",
        "groupBy=referers&event=composite&country=IS&trigger=qr&device=-Tablet",
        "groupBy=top_urls&event=composite&country=US&device=Tablet",
        "groupBy=cities&event=composite&continent=EU&os=iOS",
      ];
      const answer = (store: Store, qs: string, span = range) => {
        const query = parseAnalyticsQuery(new URLSearchParams(`${qs}&${span}`));
        return queryAnalytics(store, query, { workspaceId, range: resolveRange(query, new Date(now), new Date(0)) });
      };
      const store = folding.platform.store;
      const scan: Store = { ...store, rollups: null };
      const compare = async () => {
        for (const qs of requests) expect(await answer(store, qs), qs).toEqual(await answer(scan, qs));
        for (const qs of weekRequests)
          expect(await answer(store, qs, weeks), qs).toEqual(await answer(scan, qs, weeks));
      };
      await compare();
      const count = async () => analyticsReplySchemas.count.parse(await answer(store, requests[0]));
      const before = await count();

      const devices = ["Mobile", "Tablet", "Desktop"];
      for (let i = 0; i < 6; i++) {
        const id = `wrFiltClick0000${i}`;
        const click = testClick(id, sample.link, {
          timestamp: new Date(now - i * 60_000),
          country: i % 2 === 0 ? "IS" : "US",
          device: devices[i % 3],
          trigger: i % 2 === 0 ? "qr" : "link",
          referer: i < 3 ? "example.org" : "(direct)",
          refererUrl: i < 3 ? "https://example.org/a" : "(direct)",
          ip: "203.0.113.10",
        });
        await folding.writer.transact((tx) => tx.recordClick(click));
        await compare();
        if (i % 3 !== 0) continue;
        // A conversion is tracked after its click, in a write of its own.
        await folding.writer.transact(async (tx) => {
          const customerId = `cus_wrFilt${i}`;
          await tx.run(
            `INSERT INTO customers (id, workspace_id, external_id, name, email, avatar, country, created_at)
            VALUES ($id, $ws, $ext, NULL, NULL, NULL, 'IS', now())`,
            { id: customerId, ws: workspaceId, ext: `wr-filt-${i}` },
          );
          const conversion = {
            workspaceId,
            clickId: id,
            click: clickDimensionsOf(click),
            linkId: sample.link.id,
            customerId,
            timestamp: new Date(now - i * 60_000 + 1000),
          };
          await tx.recordLead({ ...conversion, id: `wrFiltLead00000${i}`, eventName: "Sign up", metadata: null });
          await tx.recordSale({
            ...conversion,
            id: `wrFiltSale00000${i}`,
            eventName: "Purchase",
            metadata: null,
            amount: 1500,
            currency: "usd",
            invoiceId: null,
            paymentProcessor: "stripe",
            saleType: "new",
          });
        });
        await compare();
      }
      // Clicks 0, 2, 4 in Iceland and 1, 3, 5 in the US, leads and sales on clicks 0 and 3: every one counted.
      expect(await count()).toEqual({
        clicks: before.clicks + 6,
        leads: before.leads + 2,
        sales: before.sales + 2,
        saleAmount: before.saleAmount + 3000,
      });
      // A deleted link's events leave every rollup with it.
      expect((await folding.request(`/links/${sample.link.id}`, { method: "DELETE" })).status).toBe(200);
      await compare();
      expect((await count()).clicks).toBeLessThan(before.clicks);
    } finally {
      await folding.close();
    }
  });
});
