// The SQL one request runs, with its parameters:
//   npm run sql -- --data <file> "/analytics?groupBy=countries&country=US,DE&interval=30d" [--key demo_business_key]
//     [--store clickhouse [--clickhouse-url http://host:8123/db]]  (the events on ClickHouse: CLICKHOUSE_URL when no flag)
// Opens the file read-only as the platform does, sends the request through the real app, and
// prints every statement the queries ran (a fresh platform: cache fills included) to stdout.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { createApp } from "../lib/platform/http/platformApp";
import { IncompleteSeed, NotAPlatformDatabase, openPlatform, type Platform } from "../lib/platform/openPlatform";
import { formatTraced, tracedDb } from "../lib/platform/query/sqlTrace";
import { formatChTraced, tracedChDb } from "../lib/platform/clickhouse/chTrace";
import { clickHouseUrl, openEventStore, type EventStore } from "../lib/platform/clickhouse/connect";

const USAGE =
  'usage: npm run sql -- --data <file> "/analytics?groupBy=countries&country=US,DE" [--key demo_business_key] [--store duckdb|clickhouse [--clickhouse-url <url>]]';

function die(message: string): never {
  console.error(`sql: ${message} (${USAGE})`);
  process.exit(2);
}

/** A refusal that is not about the arguments. */
function fail(message: string): never {
  console.error(`sql: ${message}`);
  process.exit(1);
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split("\n")[0] : String(err));

interface Options {
  data: string;
  path: string;
  key: string;
  clickhouseUrl: string | null;
}

function parseOptions(): Options {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        data: { type: "string" },
        key: { type: "string", default: "demo_business_key" },
        store: { type: "string", default: "duckdb" },
        "clickhouse-url": { type: "string" },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    die(firstLine(err));
  }
  const { values, positionals } = parsed;
  if (!values.data) die("--data <file> is required");
  if (!existsSync(values.data))
    die(`data file not found: ${values.data} (create it with npm run seed -- --data ${values.data})`);
  if (positionals.length !== 1) die("give one request, such as /events?country=US");
  const path = positionals[0];
  if (!path.startsWith("/")) die(`the request is a path and query string starting with "/", got "${path}"`);
  if (values.store !== "duckdb" && values.store !== "clickhouse")
    die(`--store must be duckdb or clickhouse, got "${values.store}"`);
  if (values.store === "duckdb" && values["clickhouse-url"] !== undefined)
    die("--clickhouse-url goes with --store clickhouse");
  let clickhouseUrl: string | null = null;
  if (values.store === "clickhouse") {
    try {
      clickhouseUrl = clickHouseUrl(values["clickhouse-url"], process.env);
    } catch (err) {
      die(firstLine(err));
    }
  }
  return { data: values.data, path, key: values.key, clickhouseUrl };
}

/** DuckDB's refusal when another process has the file open for writing. */
const HELD = /Could not set lock on file .*Conflicting lock is held in (.*)$/m;

async function open(file: string, events: EventStore | null): Promise<Platform> {
  try {
    return await openPlatform(file, { clickhouse: events?.db });
  } catch (err) {
    const held = HELD.exec(err instanceof Error ? err.message : "");
    if (held)
      fail(
        `${file} is held by another process (${held[1].replace(/\. See also.*$/, "")}); stop it (a seed still writing?) and try again`,
      );
    if (err instanceof IncompleteSeed) fail(err.message);
    fail(
      err instanceof NotAPlatformDatabase
        ? `${file} is not a seeded platform database: ${firstLine(err)}`
        : `cannot open ${file}: ${firstLine(err)}`,
    );
  }
}

async function main(): Promise<number> {
  const options = parseOptions();
  let events: EventStore | null = null;
  if (options.clickhouseUrl) {
    try {
      events = await openEventStore(options.clickhouseUrl);
    } catch (err) {
      fail(`cannot use the ClickHouse store: ${firstLine(err)}`);
    }
  }
  const platform = await open(options.data, events);
  try {
    const printed: { seq: number; text: string }[] = [];
    const counter = { sent: 0 };
    const db = tracedDb(
      platform.store.db,
      (statement) => printed.push({ seq: statement.seq, text: formatTraced(statement) }),
      counter,
    );
    const clickhouse =
      events &&
      tracedChDb(
        events.db,
        (statement) => printed.push({ seq: statement.seq, text: formatChTraced(statement) }),
        counter,
      );
    const app = createApp({ store: { ...platform.store, db, clickhouse } });
    const res = await app.request(options.path, { headers: { Authorization: `Bearer ${options.key}` } });
    const body = await res.text();
    for (const { text } of [...printed].sort((a, b) => a.seq - b.seq)) console.log(text);
    console.error(
      `-- GET ${options.path} → ${res.status}, ${printed.length} statement${printed.length === 1 ? "" : "s"}`,
    );
    if (res.status === 200) return 0;
    console.error(body);
    return 1;
  } finally {
    platform.close();
    await events?.close();
  }
}

process.exitCode = await main();
