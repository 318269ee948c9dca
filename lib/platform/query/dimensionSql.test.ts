import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAnalyticsQuery } from "../../contract/analytics";
import { resolveRange } from "../../contract/dateRange";
import { GROUP_BYS } from "../../contract/dimensions";
import { parseEventsQuery } from "../../contract/query";
import { queryAnalytics } from "./analyticsQuery";
import { EventSpans } from "./eventSpans";
import { listEvents } from "./eventsQuery";
import { ConversionClickCache } from "./conversionClickCache";
import { CustomerCache } from "./customerCache";
import { LinkCache } from "./linkCache";
import { formatStatement, inOrderSent, tracedDb, type TracedStatement } from "./sqlTrace";
import type { Store } from "./store";
import { createFixture, NOW, type Fixture } from "./testFixture";

/**
 * The SQL each request runs, on the hand-made fixture, kept in __snapshots__/sql/: one file per
 * groupBy and per kind of filter, so a change to dimensionSql.ts or the engine shows as a diff
 * of the statements. Each request starts on empty caches, so cache fills are part of it.
 */

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx?.close());

const ACME = "ws_acme";
const ACME_CREATED = new Date("2025-01-01T00:00:00Z");

/** Runs `request` (a path and query string, as sent to the platform) on fresh caches; returns its statements in the order sent. */
async function statementsOf(request: string): Promise<TracedStatement[]> {
  const statements: TracedStatement[] = [];
  const store: Store = {
    ...fx.store,
    db: tracedDb(fx.store.db, (s) => statements.push(s)),
    links: new LinkCache(),
    customers: new CustomerCache(),
    conversionClicks: new ConversionClickCache(),
    spans: new EventSpans(),
  };
  const url = new URL(request, "http://platform");
  if (url.pathname === "/analytics") {
    const query = parseAnalyticsQuery(url.searchParams);
    await queryAnalytics(store, query, { workspaceId: ACME, range: resolveRange(query, NOW, ACME_CREATED) });
  } else {
    const query = parseEventsQuery(url.searchParams);
    await listEvents(store, query, { workspaceId: ACME, range: resolveRange(query, NOW, ACME_CREATED) });
  }
  return inOrderSent(statements);
}

/** The requests' statements as one file: each request's path, then its statements in order. */
async function sqlFile(requests: readonly string[]): Promise<string> {
  const blocks: string[] = [];
  for (const request of requests) {
    const statements = await statementsOf(request);
    blocks.push(
      `-- ===== GET ${request}\n\n${statements.map((s, i) => `-- statement ${i + 1}\n${formatStatement(s.sql, s.params)}\n`).join("\n")}`,
    );
  }
  return blocks.join("\n");
}

describe("the SQL of every groupBy", () => {
  // Whole slots come from the rollups and the partial ends from the events: unfiltered, and
  // filtered on the country where a rollup of the key keeps it (else every kind reads its events).
  it.each(GROUP_BYS.map((groupBy) => [groupBy]))("%s", async (groupBy) => {
    const file = await sqlFile([
      `/analytics?groupBy=${groupBy}&event=composite&interval=7d`,
      `/analytics?groupBy=${groupBy}&event=composite&interval=7d&country=US,DE`,
    ]);
    await expect(file).toMatchFileSnapshot(`./__snapshots__/sql/groupBy/${groupBy}.sql`);
  });
});

describe("the SQL of every kind of filter", () => {
  const kinds: [name: string, requests: string[]][] = [
    [
      "click-column",
      ["/analytics?groupBy=count&event=clicks&country=US,DE", "/analytics?groupBy=count&event=leads&country=US,DE"],
    ],
    ["click-column-exclusion", ["/analytics?groupBy=count&event=clicks&device=-Mobile"]],
    ["link-column", ["/analytics?groupBy=count&event=clicks&domain=acme.link&key=spring"]],
    ["link-column-nullable-exclusion", ["/analytics?groupBy=count&event=clicks&tenantId=-ten_1"]],
    [
      "link-subquery",
      [
        "/analytics?groupBy=count&event=clicks&tagId=tag_a,tag_b",
        "/analytics?groupBy=count&event=clicks&partnerTagId=-ptag_1",
        "/analytics?groupBy=count&event=clicks&groupId=grp_1",
        // Every kind has the same link filters: their links are read once.
        "/analytics?groupBy=count&event=composite&tagId=tag_a",
      ],
    ],
    [
      "event-level",
      [
        "/analytics?groupBy=count&event=sales&saleType=new",
        "/analytics?groupBy=count&event=leads&query=metadata['plan']:'pro' AND metadata['source']:'ads'",
        "/analytics?groupBy=count&event=clicks&customerId=cus_1",
        "/analytics?groupBy=count&event=sales&customerId=cus_1",
      ],
    ],
    [
      "events-page",
      [
        "/events?event=clicks&interval=24h&country=US,DE&device=-Mobile",
        "/events?event=leads&interval=all&limit=1&page=2",
      ],
    ],
  ];

  it.each(kinds)("%s", async (name, requests) => {
    await expect(await sqlFile(requests)).toMatchFileSnapshot(`./__snapshots__/sql/filters/${name}.sql`);
  });
});

describe("a list is one parameter", () => {
  const texts = async (request: string) => (await statementsOf(request)).map((s) => s.sql);

  it.each([
    ["country", "US", "US,DE,FR"],
    ["device", "-Mobile", "-Mobile,Tablet"],
    ["tagId", "tag_a", "tag_a,tag_b"],
    ["tenantId", "-ten_1", "-ten_1,ten_2"],
  ])("%s: the statements' text does not depend on how many values", async (param, one, several) => {
    for (const event of ["clicks", "leads"]) {
      const request = (values: string) => `/analytics?groupBy=countries&event=${event}&interval=all&${param}=${values}`;
      expect(await texts(request(several))).toEqual(await texts(request(one)));
    }
  });

  it("nor on how many links, clicks and customers a page looks up", async () => {
    // The page's own statement writes its LIMIT as a number; the lookups after it are compared.
    const lookups = async (limit: number) =>
      (await texts(`/events?event=leads&interval=all&limit=${limit}`)).filter((sql) => !sql.includes(" LIMIT "));
    const [one, three] = [await lookups(1), await lookups(3)];
    expect(one.length).toBeGreaterThanOrEqual(4);
    expect(three).toEqual(one);
  });
});
