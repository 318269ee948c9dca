import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { parseEventsQuery } from "../../contract/query";
import type { LinkEvent } from "../../contract/events";
import { openPlatform, type Platform } from "../openPlatform";
import { busiestWorkspace } from "../testing/busiestWorkspace";
import { listEvents } from "./eventsQuery";
import { seekPage } from "./pageSeek";
import type { Store } from "./store";

/**
 * Deep /events pages found through the rollups' counts (pageSeek.ts) are the pages the events
 * give when sorted in full: over the integration seed, for filters every slot rollup answers
 * (none, the country, several cube columns) or none does, both orders, ends inside a slot.
 */

let platform: Platform;
let workspaceId: string;
let first: Date;
let last: Date;

beforeAll(async () => {
  platform = await openPlatform(inject("dataFile"));
  const busiest = await busiestWorkspace(platform.store.db);
  ({ workspaceId, first, last } = busiest);
  expect(busiest.count).toBeGreaterThan(5_000);
});
afterAll(() => platform?.close());

const idOf = (e: LinkEvent) => (e.event === "click" ? e.click.id : e.eventId);

async function page(store: Store, qs: string, range: { start: Date; end: Date }): Promise<string[]> {
  const query = parseEventsQuery(new URLSearchParams(qs));
  return (await listEvents(store, query, { workspaceId, range })).map(idOf);
}

const MINUTE = 60_000;

describe("a deep page sought through the rollups", () => {
  const filters = [
    "",
    "country=US,DE",
    "country=US&device=Mobile&os=-Android",
    "device=Desktop&trigger=link",
    // Sought through the referer's own day rollup (factKeys.ts `borrowed`).
    "referer=-(direct)",
  ];
  const orders = ["desc", "asc"];
  // Limit 50: pages 2 and 20 (offsets 50 and 950, not sought), 60 (2950) and one past the matching events.
  const pages = [2, 20, 60, 400];

  it.each(filters.flatMap((filter) => orders.map((order) => [filter, order])))(
    "%s, %s: the same pages as a full sort",
    { timeout: 120_000 },
    async (filter, order) => {
      const eventsOnly: Store = { ...platform.store, rollups: null };
      // Ends inside 15-minute slots, hours and days.
      const range = { start: new Date(first.getTime() + 7 * MINUTE), end: new Date(last.getTime() - 13 * MINUTE) };
      for (const kind of ["clicks", "sales"]) {
        for (const n of pages) {
          const qs = `event=${kind}&limit=50&page=${n}&sortOrder=${order}${filter ? `&${filter}` : ""}`;
          const expected = await page(eventsOnly, qs, range);
          expect(await page(platform.store, qs, range), qs).toEqual(expected);
        }
      }
    },
  );

  it("seeks when every filter is a rollup's column, and leaves the rest to the full sort", async () => {
    const range = { start: first, end: last };
    const sought = async (qs: string, kind: "clicks" | "sales" = "clicks") => {
      const query = parseEventsQuery(new URLSearchParams(`event=${kind}&${qs}`));
      const span = await platform.store.spans.of(platform.store.db, workspaceId, kind);
      return seekPage(platform.store, query, { workspaceId, range }, kind, 3_000, "desc", span);
    };
    const deep = await sought("country=US&device=Mobile");
    expect(deep?.offset).toBeLessThan(3_000);
    expect(deep?.range.end.getTime()).toBeLessThan(last.getTime());
    expect(await sought("")).not.toBeNull();
    // No rollup stores the referer and the city together.
    expect(await sought("referer=google.com&city=Berlin")).toBeNull();
    expect(await sought("country=US&query=metadata['plan']:'pro'", "sales")).toBeNull();
    expect(await sought("saleType=new", "sales")).toBeNull();
    // Shallow pages are left to the slice at the sorted end of the range.
    const shallow = parseEventsQuery(new URLSearchParams("event=clicks"));
    const span = await platform.store.spans.of(platform.store.db, workspaceId, "clicks");
    expect(await seekPage(platform.store, shallow, { workspaceId, range }, "clicks", 900, "desc", span)).toBeNull();
  });
});
