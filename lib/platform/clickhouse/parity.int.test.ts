import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { FILTER_PARAMS, GROUP_BYS, type FilterParam } from "../../contract/dimensions";
import { createApp } from "../http/platformApp";
import { openPlatform, type Platform } from "../openPlatform";
import { authorization, readResponse, type ApiResponse } from "../testing/client";
import { openOracle, strings, workspaceIdOf, type Oracle } from "../testing/oracle";
import type { ChDb } from "./clickhouseDb";
import { openEventStore, type EventStore } from "./connect";
import { copyEvents } from "./copyEvents";
import { ROLLUP_TABLES } from "./rollups";
import { startTestClickHouse, type TestClickHouse } from "./testing/testEventStore";

/**
 * The same requests to the platform on DuckDB and on ClickHouse (its events copied from the same
 * seeded file) give byte-identical answers: every groupBy of /analytics for every event kind,
 * every filter (included and excluded), and /events pages of every kind both ways.
 */

let clickhouse: TestClickHouse;
let events: EventStore;
let onDuckDb: Platform;
let onClickHouse: Platform;
let oracle: Oracle;
let duckApp: ReturnType<typeof createApp>;
let chApp: ReturnType<typeof createApp>;
const values = new Map<FilterParam, string>();
/** The statements the platform on ClickHouse sent, to tell which rollups answered. */
const sent: string[] = [];
/** The seed's first and last click. */
let seedSpan: { first: Date; last: Date };

const recording = (db: ChDb): ChDb => ({
  ...db,
  all: (sql, params, signal) => {
    sent.push(sql);
    return db.all(sql, params, signal);
  },
});

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
  onDuckDb = await openPlatform(inject("dataFile"));
  onClickHouse = await openPlatform(inject("dataFile"), { clickhouse: recording(events.db) });
  duckApp = createApp({ store: onDuckDb.store, writer: null, rateLimitScale: 1000 });
  chApp = createApp({ store: onClickHouse.store, writer: null, rateLimitScale: 1000 });

  oracle = await openOracle();
  const ws = await workspaceIdOf(oracle, "acme");
  const one = async (sql: string) => (await strings(oracle, sql, { ws }))[0];
  const byCount = (column: string, table = "click_events") =>
    one(
      `SELECT ${column} FROM ${table} WHERE workspace_id = $ws AND ${column} IS NOT NULL GROUP BY ${column} ORDER BY count(*) DESC, ${column} LIMIT 1`,
    );
  for (const [param, column] of [
    ["country", "country"],
    ["region", "region"],
    ["city", "city"],
    ["continent", "continent"],
    ["device", "device"],
    ["browser", "browser"],
    ["os", "os"],
    ["trigger", "trigger"],
    ["referer", "referer"],
    ["refererUrl", "referer_url"],
    ["url", "url"],
    ["linkId", "link_id"],
  ] as const)
    values.set(param, await byCount(column));
  const link = async (column: string) => byCount(column, "links");
  values.set("domain", await link("domain"));
  values.set("tenantId", await link("tenant_id"));
  values.set("folderId", await link("folder_id"));
  values.set("partnerId", await link("partner_id"));
  values.set("utm_source", await link("utm_source"));
  values.set("utm_medium", await link("utm_medium"));
  values.set("utm_campaign", await link("utm_campaign"));
  values.set("utm_term", await link("utm_term"));
  values.set("utm_content", await link("utm_content"));
  values.set(
    "key",
    await one(
      `SELECT l.key FROM links l JOIN click_events c ON c.link_id = l.id WHERE l.workspace_id = $ws AND l.key <> '_root' GROUP BY l.key ORDER BY count(*) DESC, l.key LIMIT 1`,
    ),
  );
  values.set("externalId", `ext_${await link("external_id")}`);
  values.set(
    "tagId",
    await one(
      `SELECT lt.tag_id FROM link_tags lt JOIN links l ON l.id = lt.link_id WHERE l.workspace_id = $ws GROUP BY lt.tag_id ORDER BY count(*) DESC, lt.tag_id LIMIT 1`,
    ),
  );
  values.set(
    "partnerTagId",
    await one(`SELECT pt.id FROM partner_tags pt WHERE pt.workspace_id = $ws ORDER BY pt.id LIMIT 1`),
  );
  values.set(
    "groupId",
    await one(`SELECT g.id FROM partner_groups g WHERE g.workspace_id = $ws ORDER BY g.id LIMIT 1`),
  );
  values.set("customerId", await byCount("customer_id", "sale_events"));
  values.set("saleType", "recurring");
  values.set("root", "false");
  const [meta] = await oracle.all(
    `SELECT metadata FROM lead_events WHERE workspace_id = $ws AND metadata IS NOT NULL LIMIT 1`,
    { ws },
  );
  const [metaKey, metaValue] = Object.entries(JSON.parse(String(meta.metadata)) as Record<string, unknown>)[0];
  values.set("query", `metadata['${metaKey}']:'${String(metaValue)}'`);
  const [span] = await oracle.all(
    "SELECT min(timestamp) AS first, max(timestamp) AS last FROM click_events WHERE workspace_id = $ws",
    { ws },
  );
  seedSpan = { first: new Date(String(span.first)), last: new Date(String(span.last)) };
}, 120_000);

afterAll(async () => {
  onClickHouse?.close();
  onDuckDb?.close();
  oracle?.close();
  await events?.close();
  await clickhouse?.close();
});

async function both(path: string): Promise<[ApiResponse, ApiResponse]> {
  const ask = async (app: ReturnType<typeof createApp>) =>
    readResponse(await app.request(path, { headers: authorization("business") }));
  return Promise.all([ask(duckApp), ask(chApp)]);
}

async function same(path: string): Promise<ApiResponse> {
  const [duck, ch] = await both(path);
  expect({ path, status: ch.status, body: ch.body }).toEqual({ path, status: duck.status, body: duck.body });
  return duck;
}

const KINDS = ["clicks", "leads", "sales", "composite"] as const;
/** Hundreds of requests, each answered twice (the in-process engine runs one statement at a time). */
const SLOW = 240_000;

describe(`ClickHouse answers as DuckDB on the same seed`, () => {
  it(
    "every groupBy of every kind, unfiltered, over 30 days",
    async () => {
      for (const event of KINDS)
        for (const groupBy of GROUP_BYS) {
          const res = await same(`/analytics?event=${event}&groupBy=${groupBy}&interval=30d`);
          expect(res.status).toBe(200);
        }
    },
    SLOW,
  );

  it(
    "every filter, kept and excluded, on counts and a breakdown",
    async () => {
      for (const param of FILTER_PARAMS) {
        const value = values.get(param);
        expect(value, param).toBeTruthy();
        const filter = new URLSearchParams({ [param]: value ?? "" }).toString();
        for (const event of KINDS) await same(`/analytics?event=${event}&groupBy=count&interval=30d&${filter}`);
        await same(`/analytics?event=composite&groupBy=top_links&interval=30d&${filter}`);
        const excluded = new URLSearchParams({ [param]: `-${value ?? ""}` }).toString();
        await same(`/analytics?event=composite&groupBy=count&interval=30d&${excluded}`);
      }
    },
    SLOW,
  );

  it("the timeseries in other zones and granularities, filtered", async () => {
    for (const [interval, extra] of [
      ["30d", `country=${values.get("country")}&tagId=${values.get("tagId")}`],
      ["30d", `device=-Desktop&${new URLSearchParams({ query: values.get("query") ?? "" }).toString()}`],
      ["24h", "timezone=Asia/Kolkata"],
      ["7d", "timezone=America/New_York&granularity=hour"],
      ["90d", "timezone=Europe/Berlin"],
      ["all", "granularity=month"],
    ])
      await same(`/analytics?event=composite&groupBy=timeseries&interval=${interval}&${extra}`);
  });

  it(
    "/events pages of every kind, both orders, with filters",
    async () => {
      for (const event of ["clicks", "leads", "sales"]) {
        for (const sortOrder of ["desc", "asc"]) {
          for (const page of ["1", "2", "7"]) {
            const res = await same(`/events?event=${event}&interval=30d&limit=50&page=${page}&sortOrder=${sortOrder}`);
            expect(res.status).toBe(200);
          }
          await same(
            `/events?event=${event}&interval=all&limit=100&sortOrder=${sortOrder}&country=${values.get("country")}&device=-Desktop`,
          );
          await same(
            `/events?event=${event}&interval=all&limit=100&sortOrder=${sortOrder}&tagId=${values.get("tagId")}`,
          );
        }
      }
      await same(`/events?event=sales&interval=all&customerId=${values.get("customerId")}`);
      await same(`/events?event=clicks&interval=all&customerId=${values.get("customerId")}`);
      await same(
        `/events?event=leads&interval=all&${new URLSearchParams({ query: values.get("query") ?? "" }).toString()}`,
      );
    },
    SLOW,
  );

  it("the same errors for bad requests", async () => {
    for (const path of [
      "/analytics?groupBy=nope",
      "/events?event=clicks&page=100000&limit=100",
      "/analytics?groupBy=count&country=",
      "/events?event=clicks&interval=30d&start=2020-01-01",
    ])
      await same(path);
  });

  it(
    "the rollups' answers: whole slots there, partial hours at both ends from the events, zones they cannot cut",
    async () => {
      const hour = 3_600_000;
      // Partial hours (and days) at both ends: a range starting 7h13m05.123s after a UTC hour, ending 5h47m before one.
      const start = new Date(Math.floor(seedSpan.first.getTime() / hour) * hour + 2 * 86_400_000 + 26_000_000 + 5_123);
      const end = new Date(Math.floor(seedSpan.last.getTime() / hour) * hour - 86_400_000 - 20_820_000);
      const range = new URLSearchParams({ start: start.toISOString(), end: end.toISOString() }).toString();
      const hours = new URLSearchParams({
        start: new Date(end.getTime() - 9 * hour - 1_234_567).toISOString(),
        end: end.toISOString(),
      }).toString();
      const q = (name: FilterParam, prefix = "") => new URLSearchParams({ [name]: `${prefix}${values.get(name)}` });
      const [byDay, byHour, linkTrigger, linkReferer] = [
        "rollup_day_country_device",
        "rollup_hour_country",
        "rollup_day_link_trigger",
        "rollup_day_link_referer",
      ];
      const cases: [string, string[]][] = [
        [`event=composite&groupBy=count&${range}`, [byDay]],
        [`event=composite&groupBy=count&${range}&${q("country")}`, [byDay]],
        [`event=composite&groupBy=count&${range}&device=-Desktop&${q("country", "-")}`, [byDay]],
        [`event=sales&groupBy=countries&${range}&${q("device")}`, [byDay]],
        [`event=composite&groupBy=continents&${range}&${q("continent")}`, [byDay]],
        [`event=leads&groupBy=devices&${range}&${q("country")}`, [byDay]],
        [`event=composite&groupBy=timeseries&${range}&${q("country")}`, [byDay]],
        [`event=composite&groupBy=timeseries&${range}&timezone=America/New_York`, [byHour]],
        [
          `event=sales&groupBy=timeseries&${range}&timezone=America/New_York&granularity=hour&${q("country")}`,
          [byHour],
        ],
        [`event=composite&groupBy=timeseries&${range}&timezone=Europe/Berlin&granularity=week`, [byHour]],
        [`event=composite&groupBy=timeseries&${hours}&granularity=hour`, [byHour]],
        [`event=composite&groupBy=count&${hours}&${q("country")}`, [byHour]],
        // Half-hour zones: UTC's hours and days cut their buckets, so the events answer.
        [`event=composite&groupBy=timeseries&${range}&timezone=Asia/Kolkata`, []],
        [`event=composite&groupBy=timeseries&${hours}&timezone=Asia/Kolkata&granularity=hour`, []],
        [`event=clicks&groupBy=top_links&${range}&${q("trigger")}`, [linkTrigger]],
        [`event=composite&groupBy=triggers&${range}&${q("tagId")}`, [linkTrigger]],
        [`event=composite&groupBy=count&${range}&${q("linkId")}&${q("trigger", "-")}`, [linkTrigger]],
        [`event=composite&groupBy=utm_sources&${range}&${q("referer")}`, [linkReferer]],
        [`event=composite&groupBy=referers&${range}&${q("domain")}`, [linkReferer]],
        [`event=composite&groupBy=timeseries&${range}&${q("folderId")}`, [linkTrigger]],
        // A filter no rollup keeps: the kinds it applies to read the events.
        [`event=composite&groupBy=count&${range}&saleType=recurring`, [byDay]],
        [`event=sales&groupBy=count&${range}&saleType=recurring`, []],
        [`event=leads&groupBy=countries&${range}&${q("query")}`, []],
        [`event=composite&groupBy=regions&${range}&${q("country")}`, []],
        [`event=composite&groupBy=count&${range}&${q("country")}&${q("browser")}`, []],
      ];
      for (const [qs, tables] of cases) {
        sent.length = 0;
        const res = await same(`/analytics?${qs}`);
        expect(res.status, qs).toBe(200);
        const read = ROLLUP_TABLES.filter((table) => sent.some((sql) => sql.includes(` ${table} e`)));
        expect({ qs, read }).toEqual({ qs, read: tables });
      }
    },
    SLOW,
  );
});
