import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { parseEventsQuery } from "../../contract/query";
import { openPlatform, type Platform } from "../openPlatform";
import { ConversionClickCache } from "./conversionClickCache";
import type { Db } from "./db";
import { listEvents } from "./eventsQuery";
import { date, str } from "./rows";
import type { Store } from "./store";

/**
 * A page of leads or sales reads its clicks' own fields through the store's cache
 * (conversionClickCache.ts): the same events as read from the conversion clicks, the lookup sent
 * once, and a cached click never served to another workspace.
 */

let platform: Platform;
let workspaceId: string;
let range: { start: Date; end: Date };

beforeAll(async () => {
  platform = await openPlatform(inject("dataFile"));
  const [row] = await platform.store.db.all(
    `SELECT workspace_id, min(timestamp) AS first, max(timestamp) AS last
     FROM sale_events GROUP BY workspace_id ORDER BY count(*) DESC LIMIT 1`,
    {},
  );
  if (!row) throw new Error("the integration seed has no sales");
  workspaceId = str(row, "workspace_id");
  range = { start: date(row, "first"), end: new Date(date(row, "last").getTime() + 1) };
});
afterAll(() => platform?.close());

/** The store with fresh click records, counting the statements that read the conversion clicks. */
function countingStore(): { store: Store; lookups: () => number } {
  let lookups = 0;
  const inner = platform.store.db;
  const db: Db = {
    ...inner,
    all(sql, params) {
      if (sql.includes("FROM conversion_clicks")) lookups += 1;
      return inner.all(sql, params);
    },
  };
  return { store: { ...platform.store, db, conversionClicks: new ConversionClickCache() }, lookups: () => lookups };
}

describe("the conversion clicks' cache", () => {
  it.each(["sales", "leads"])("a page of %s: the same events, the clicks looked up once", async (kind) => {
    const query = parseEventsQuery(new URLSearchParams(`event=${kind}&limit=50`));
    const { store, lookups } = countingStore();
    const first = await listEvents(store, query, { workspaceId, range });
    expect(first.length).toBeGreaterThan(0);
    expect(lookups()).toBe(1);
    expect(await listEvents(store, query, { workspaceId, range })).toEqual(first);
    expect(lookups()).toBe(1);
  });

  it("keeps a click to its workspace", async () => {
    const { store } = countingStore();
    const [row] = await platform.store.db.all(`SELECT click_id FROM sale_events WHERE workspace_id = $ws LIMIT 1`, {
      ws: workspaceId,
    });
    const clickId = str(row ?? {}, "click_id");
    const own = await store.conversionClicks.ownFields(store.db, workspaceId, [clickId]);
    expect(str(own.get(clickId) ?? {}, "id")).toBe(clickId);
    expect((await store.conversionClicks.ownFields(store.db, "ws_other", [clickId])).size).toBe(0);
  });
});
