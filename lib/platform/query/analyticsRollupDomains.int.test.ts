import { describe, expect, it } from "vitest";
import { parseAnalyticsQuery } from "../../contract/analytics";
import { resolveRange } from "../../contract/dateRange";
import { projectClickHouseUrl } from "../testing/projectStore";
import { startWritable } from "../testing/writablePlatform";
import { seededClick, testClick } from "../testing/writerFixture";
import { queryAnalytics } from "./analyticsQuery";
import type { Store } from "./store";

/**
 * The domain's week rollup (factKeys.ts `domainCountryDeviceWeek`) keeps each link's events
 * under the domain they were rolled up under: after a link moves to another domain, or its domain
 * is renamed, a query on either domain alone reads the links' rollups instead (on both at once,
 * which hold the link either way, still the domain's), and answers as the events do throughout.
 */

const uniqueDomain = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example.org`;

// DuckDB's own rollups: the ClickHouse store keeps no rollups in the file (docs/clickhouse.md).
describe.skipIf(projectClickHouseUrl() !== null)("the domain's rollup", () => {
  it("answers as the events do as a link moves to another domain and that domain is renamed", {
    timeout: 240_000,
  }, async () => {
    const live = await startWritable({}, { eventStore: "duckdb" });
    try {
      const sample = await seededClick(live);
      const { workspaceId, domain } = sample.link;
      const store = live.platform.store;
      const scan: Store = { ...store, rollups: null };
      const read: string[] = [];
      const recording: Store = {
        ...store,
        db: {
          all: (sql, params) => {
            read.push(sql);
            return store.db.all(sql, params);
          },
        },
      };
      const now = Date.now();
      const answer = (s: Store, qs: string) => {
        const query = parseAnalyticsQuery(new URLSearchParams(`${qs}&interval=30d`));
        return queryAnalytics(s, query, { workspaceId, range: resolveRange(query, new Date(now), new Date(0)) });
      };
      /** Compares each request with the events; whether any read the domain's rollup. */
      const compare = async (domains: readonly string[]): Promise<boolean> => {
        read.length = 0;
        for (const qs of [
          `groupBy=countries&event=composite&domain=${domains.join(",")}&device=Mobile`,
          `groupBy=devices&event=clicks&domain=${domains[0]}`,
          `groupBy=count&event=composite&domain=${domains.at(-1)}&country=US`,
        ])
          expect(await answer(recording, qs), qs).toEqual(await answer(scan, qs));
        return read.some((sql) => sql.includes(".domain__week_country_device r"));
      };

      expect(await compare([domain])).toBe(true);
      const other = uniqueDomain();
      expect((await live.request("/domains", { body: { slug: other } })).status).toBe(201);
      // The link's events stay under its old domain in the rollup: neither domain reads it now.
      const moved = await live.request(`/links/${sample.link.id}`, { method: "PATCH", body: { domain: other } });
      expect(moved.status).toBe(200);
      expect(await compare([domain])).toBe(false);
      expect(await compare([other])).toBe(false);
      await live.writer.transact((tx) =>
        tx.recordClick(testClick("rdMovedClick00001", sample.link, { timestamp: new Date(now - 60_000) })),
      );
      // Both domains at once hold the link either way: the rollup answers them.
      expect(await compare([domain, other])).toBe(true);
      const renamed = uniqueDomain();
      expect((await live.request(`/domains/${other}`, { method: "PATCH", body: { slug: renamed } })).status).toBe(200);
      expect(await compare([renamed])).toBe(false);
      expect(await compare([domain, renamed])).toBe(true);
    } finally {
      await live.close();
    }
  });
});
