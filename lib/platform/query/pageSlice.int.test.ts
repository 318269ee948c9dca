import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { EventKind } from "../../contract/dimensions";
import type { LinkEvent } from "../../contract/events";
import { parseEventsQuery } from "../../contract/query";
import { openPlatform, type Platform } from "../openPlatform";
import { busiestWorkspace } from "../testing/busiestWorkspace";
import type { Db } from "./db";
import { EventSpans } from "./eventSpans";
import { EVENT_TABLE } from "./eventTables";
import { eventWhere } from "./eventWhere";
import { listEvents } from "./eventsQuery";
import { filterShare, ValueShares } from "./filterShares";
import type { EventSpan } from "./pageWindow";
import { str } from "./rows";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

/**
 * A page's first slice is sized from the share of events its filters keep (filterShares.ts): the
 * page is the one a plain sort of every matching event gives, whether the estimate is right,
 * far too high (the slice comes up short, wider ones follow) or far too low (the whole range).
 */

let platform: Platform;
let workspaceId: string;
let range: { start: Date; end: Date };

beforeAll(async () => {
  platform = await openPlatform(inject("dataFile"));
  const busiest = await busiestWorkspace(platform.store.db);
  workspaceId = busiest.workspaceId;
  range = { start: busiest.first, end: new Date(busiest.last.getTime() + 1) };
  expect(busiest.count).toBeGreaterThan(5_000);
});
afterAll(() => platform?.close());

/** Counts in which every value is every event. */
class EveryValue extends Map<string, number> {
  override get(): number {
    return 1e9;
  }
}

/** Shares that say a filter keeps every event (an exclusion none): each slice sized as if unfiltered. */
class AllShares extends ValueShares {
  override of(): Promise<{ total: number; byValue: Map<string, number> }> {
    return Promise.resolve({ total: 1e9, byValue: new EveryValue() });
  }
}

/** Shares that say no value was seen among many events: the smallest share, slices as wide as the range. */
class NoShares extends ValueShares {
  override of(): Promise<{ total: number; byValue: Map<string, number> }> {
    return Promise.resolve({ total: 1e9, byValue: new Map() });
  }
}

/** A store whose spans estimate shares with `shares`: the spans themselves read afresh. */
function storeWith(shares: ValueShares): Store {
  const spans = new EventSpans();
  Object.defineProperty(spans, "shares", { value: shares });
  return { ...platform.store, spans };
}

const idOf = (e: LinkEvent) => (e.event === "click" ? e.click.id : e.eventId);

/** The page from one plain sort of every matching event of the range. */
async function sortedIds(db: Db, qs: string): Promise<string[]> {
  const query = parseEventsQuery(new URLSearchParams(qs));
  const p = new SqlParams();
  const where = await eventWhere(db, query, { workspaceId, range, kind: query.event }, p);
  const dir = query.sortOrder === "asc" ? "ASC" : "DESC";
  const rows = await db.all(
    `SELECT e.id FROM ${EVENT_TABLE[query.event]} e WHERE ${where}
ORDER BY e.timestamp ${dir}, e.id ${dir} LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    p.values,
  );
  return rows.map((row) => str(row, "id"));
}

async function pageIds(store: Store, qs: string): Promise<string[]> {
  const query = parseEventsQuery(new URLSearchParams(qs));
  return (await listEvents(store, query, { workspaceId, range })).map(idOf);
}

describe("a first slice sized from the filters' share", () => {
  const cases: [EventKind, string][] = [
    ["clicks", ""],
    ["clicks", "country=US,DE&trigger=link"],
    ["clicks", "device=-Mobile&browser=Chrome"],
    ["clicks", "referer=google.com&domain=dub.sh"],
    ["sales", "saleType=new&country=US"],
    ["sales", "saleType=recurring"],
    ["leads", "country=DE"],
  ];
  const estimates: [string, () => Store][] = [
    ["counted", () => platform.store],
    ["too high", () => storeWith(new AllShares())],
    ["too low", () => storeWith(new NoShares())],
  ];

  it.each(cases.flatMap(([kind, filter]) => estimates.map(([name, store]) => [kind, filter, name, store] as const)))(
    "%s %s, estimate %s: the pages of a plain sort",
    { timeout: 120_000 },
    async (kind, filter, _name, store) => {
      for (const order of ["desc", "asc"])
        for (const [page, limit] of [
          [1, 100],
          [3, 50],
          [12, 100],
        ]) {
          const qs = `event=${kind}&limit=${limit}&page=${page}&sortOrder=${order}${filter ? `&${filter}` : ""}`;
          expect(await pageIds(store(), qs), qs).toEqual(await sortedIds(platform.store.db, qs));
        }
    },
  );

  it("estimates the share from the recent events' values", async () => {
    const db = platform.store.db;
    const shares = new ValueShares();
    const span: EventSpan = await new EventSpans().of(db, workspaceId, "sales");
    const share = (qs: string) =>
      filterShare(db, shares, parseEventsQuery(new URLSearchParams(`event=sales&${qs}`)), workspaceId, "sales", span);
    const newShare = await share("saleType=new");
    const recurringShare = await share("saleType=recurring");
    expect(newShare + recurringShare).toBeGreaterThan(0.95);
    expect(newShare + recurringShare).toBeLessThanOrEqual(1);
    expect(await share("")).toBe(1);
    // Independent filters multiply; an excluded value keeps the rest.
    const us = await share("country=US");
    expect(await share("saleType=new&country=US")).toBeCloseTo(newShare * us, 10);
    // Every sale has a sale type, so a value's share and its exclusion's add up as the two types' do.
    expect((await share("country=-US")) + us).toBeCloseTo(newShare + recurringShare, 10);
    // A filter no count answers keeps 1 in 16; a value never seen a share above 0.
    expect(await share("query=metadata['plan']:'pro'")).toBe(1 / 16);
    expect(await share("country=ZZ")).toBeGreaterThan(0);
  });
});
