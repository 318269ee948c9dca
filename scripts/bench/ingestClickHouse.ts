import { mkdtemp, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { EVENT_KINDS, type EventKind } from "../../lib/contract/dimensions";
import { openEventStore, type EventStore } from "../../lib/platform/clickhouse/connect";
import { copyEvents } from "../../lib/platform/clickhouse/copyEvents";
import { startTestClickHouse } from "../../lib/platform/clickhouse/testing/testEventStore";
import { EVENT_TABLE } from "../../lib/platform/query/eventTables";
import { openDuckDbFile } from "../../lib/platform/store/duckdbFile";
import {
  benchIngestSide,
  INGEST_SEED_CLICKS,
  REDIRECT_CONCURRENCY,
  TRACK_CONCURRENCY,
  type IngestRun,
  type IngestSide,
  type IngestStore,
} from "./ingest";
import type { LoadFigures } from "./loadPhase";
import { startService, type Service } from "./processes";
import { ensureSeed } from "./seedData";
import { table } from "./table";

/**
 * Issue 25's ingest figures: the ingest step (ingest.ts: redirects at several concurrencies, then
 * tracked leads and sales, without and with a webhook receiver) on a writable platform with its
 * events in its file (DuckDB), then on a writable platform `--store clickhouse`, back to back on
 * copies of the same seed. ClickHouse is the server at --clickhouse-url / CLICKHOUSE_URL (a
 * database of the run's own, dropped after) or else the in-process engine behind the test-only
 * front, served by a process of its own (scripts/testing/chdbFront.ts) as a server would be.
 * Afterwards ClickHouse must hold exactly the file's events (the writer's ledger), each once.
 */

export interface ClickHouseIngest {
  engine: string;
  duckdb: IngestSide;
  clickhouse: IngestSide;
  /** Per kind, the events on ClickHouse after the runs (each the file's, each once). */
  stored: Record<EventKind, number>;
}

interface RunningClickHouse {
  url: string;
  engine: string;
  close(): Promise<void>;
}

/** The server at `url` (a database of the run's own), else the in-process engine in a process of its own. */
async function startClickHouse(url: string | undefined): Promise<RunningClickHouse> {
  if (url) {
    const server = await startTestClickHouse({ ...process.env, CLICKHOUSE_URL: url });
    return { url: server.url, engine: "the server at CLICKHOUSE_URL", close: () => server.close() };
  }
  const dir = await mkdtemp(join(resolve(".bench"), "chdb-"));
  let service: Service | undefined;
  try {
    const started = await startService({
      name: "ClickHouse front",
      args: ["--import", "tsx", "scripts/testing/chdbFront.ts", "--dir", dir, "--port", "0"],
      ready: /on (http:\/\/127\.0\.0\.1:\d+)/,
    });
    service = started.service;
    return {
      url: started.match[1],
      engine: "in-process engine (chdb 3.4.0, ClickHouse 26.7) behind the test front, in a process of its own",
      close: async () => {
        await service?.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await service?.stop();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** The seed's events copied to the store, as `npm start` does before serving `--store clickhouse`. */
async function copySeed(seedFile: string, events: EventStore): Promise<void> {
  const instance = await DuckDBInstance.create(seedFile, { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  try {
    await copyEvents(conn, events.db);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** Throws unless ClickHouse holds exactly the file's events, each once; returns their count per kind. */
async function compareWithFile(file: string, events: EventStore): Promise<Record<EventKind, number>> {
  const db = await openDuckDbFile(file, { readOnly: true });
  const stored = { clicks: 0, leads: 0, sales: 0 };
  try {
    for (const kind of EVENT_KINDS) {
      const table = EVENT_TABLE[kind];
      const inFile = (await db.conn.runAndReadAll(`SELECT id FROM ${table}`))
        .getRowObjectsJS()
        .map((r) => String(r.id));
      const onClickHouse = (await events.db.all(`SELECT id FROM ${table}`, {})).map((r) => String(r.id));
      const there = new Set(onClickHouse);
      const missing = inFile.filter((id) => !there.has(id)).length;
      const twice = onClickHouse.length - there.size;
      const extra = there.size - (inFile.length - missing);
      if (missing || twice || extra)
        throw new Error(
          `${table}: ClickHouse lacks ${missing} of the file's ${inFile.length} events, holds ${twice} twice and ${extra} the file does not`,
        );
      stored[kind] = onClickHouse.length;
    }
  } finally {
    db.close();
  }
  return stored;
}

export async function benchIngestOnClickHouse(
  seconds: number,
  clickhouseUrl: string | undefined,
  log: (line: string) => void,
): Promise<ClickHouseIngest> {
  const seed = await ensureSeed(INGEST_SEED_CLICKS, 90);
  log(`ingest on DuckDB (${seed.file}, ${seconds} s per case)`);
  const duckdb = await benchIngestSide("DuckDB", process.cwd(), seed.file, seconds, log);
  const clickhouse = await startClickHouse(clickhouseUrl);
  try {
    const events = await openEventStore(clickhouse.url);
    try {
      await copySeed(seed.file, events);
      let stored: Record<EventKind, number> | undefined;
      const store: IngestStore = {
        args: ["--store", "clickhouse"],
        env: { CLICKHOUSE_URL: clickhouse.url },
        verify: async (file) => void (stored = await compareWithFile(file, events)),
      };
      log(`ingest on ClickHouse (${clickhouse.engine})`);
      const side = await benchIngestSide("ClickHouse", process.cwd(), seed.file, seconds, log, store);
      if (!stored) throw new Error("the ClickHouse side was not checked");
      return { engine: clickhouse.engine, duckdb, clickhouse: side, stored };
    } finally {
      await events.close();
    }
  } finally {
    await clickhouse.close();
  }
}

const rate = (x: LoadFigures | undefined) => (x ? x.perSecond.toFixed(0) : "—");

/** Both stores side by side: per case, events per second, ClickHouse over DuckDB, p99s and what went missing. */
export function clickHouseIngestSection(r: ClickHouseIngest, seconds: number): string {
  const row = (name: string, pick: (run: IngestRun) => (LoadFigures & { missing?: number }) | undefined) =>
    (["withoutReceiver", "withReceiver"] as const).map((which) => {
      const d = pick(r.duckdb[which]);
      const c = pick(r.clickhouse[which]);
      return [
        `${name}${which === "withReceiver" ? " + receiver" : ""}`,
        rate(d),
        rate(c),
        d && c && d.perSecond > 0 ? `×${(c.perSecond / d.perSecond).toFixed(2)}` : "—",
        d ? String(d.p99) : "—",
        c ? String(c.p99) : "—",
      ];
    });
  const rows = [
    ...REDIRECT_CONCURRENCY.flatMap((n) =>
      row(`redirects, ${n} at once`, (run) => run.redirects.find((x) => x.connections === n)),
    ),
    ...row(`leads, ${TRACK_CONCURRENCY} at once`, (run) => run.leads),
    ...row(`sales, ${TRACK_CONCURRENCY} at once`, (run) => run.sales),
  ];
  const missing = (side: IngestSide) =>
    [side.withoutReceiver, side.withReceiver]
      .flatMap((run) => run.redirects.map((x) => x.missing))
      .reduce((a, b) => a + b, 0);
  const deliveries = (side: IngestSide) => {
    const d = side.withReceiver.deliveries;
    return d ? `${d.received} of ${d.due}` : "—";
  };
  return [
    `\nIngest on both stores: writable platform, ${seconds} s per case, autocannon in the bench's process on loopback, back to back`,
    `  ClickHouse: ${r.engine}`,
    ...table(["case", "DuckDB /s", "ClickHouse /s", "CH / DuckDB", "p99 DuckDB ms", "p99 CH ms"], rows)
      .split("\n")
      .map((l) => `  ${l}`),
    `  answered clicks missing afterwards: DuckDB ${missing(r.duckdb)}, ClickHouse ${missing(r.clickhouse)} (must be 0)`,
    `  webhook deliveries received: DuckDB ${deliveries(r.duckdb)}, ClickHouse ${deliveries(r.clickhouse)}`,
    `  ClickHouse holds the file's events, each once: ${r.stored.clicks} clicks, ${r.stored.leads} leads, ${r.stored.sales} sales`,
  ].join("\n");
}
