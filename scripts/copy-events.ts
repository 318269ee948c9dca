/**
 * npm run copy-events -- --data <file> [--clickhouse-url http://host:8123/db] [--replace]
 * Copies a DuckDB platform file's clicks, leads and sales into a ClickHouse event store
 * (CLICKHOUSE_URL when no flag; the password in CLICKHOUSE_PASSWORD), migrating its schema first.
 * A store that already holds events is refused unless --replace, which empties it first.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { clickHouseUrl, openEventStore } from "../lib/platform/clickhouse/connect";
import { copyEvents, countEvents, truncateEvents } from "../lib/platform/clickhouse/copyEvents";
import { checkSeedFile } from "../lib/platform/store/seedMarker";

const USAGE = "usage: npm run copy-events -- --data <file> [--clickhouse-url http://host:8123/db] [--replace]";

function die(message: string): never {
  console.error(`copy-events: ${message} (${USAGE})`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        data: { type: "string" },
        "clickhouse-url": { type: "string" },
        replace: { type: "boolean", default: false },
      },
      strict: true,
    }));
  } catch (err) {
    die(err instanceof Error ? err.message : String(err));
  }
  if (!values.data) die("--data <file> is required");
  if (!existsSync(values.data)) die(`data file not found: ${values.data}`);
  const check = await checkSeedFile(values.data);
  if (!check.complete) die(`${values.data} is not a complete platform file: ${check.why}`);
  let url: string;
  try {
    url = clickHouseUrl(values["clickhouse-url"], process.env);
  } catch (err) {
    die(err instanceof Error ? err.message : String(err));
  }
  const store = await openEventStore(url);
  const instance = await DuckDBInstance.create(values.data, { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  try {
    const before = await countEvents(store.db);
    if (Object.values(before).some((n) => n > 0)) {
      if (!values.replace)
        throw new Error(
          `the ClickHouse store already holds events (${JSON.stringify(before)}): pass --replace to empty it first`,
        );
      await truncateEvents(store.db);
    }
    const started = Date.now();
    const counts = await copyEvents(conn, store.db);
    const seconds = (Date.now() - started) / 1000;
    const total = counts.clicks + counts.leads + counts.sales;
    console.log(
      `copied ${total} events (clicks=${counts.clicks} leads=${counts.leads} sales=${counts.sales}) in ${seconds.toFixed(1)} s (${Math.round(total / seconds)} rows/s)`,
    );
  } finally {
    conn.closeSync();
    instance.closeSync();
    await store.close();
  }
}

try {
  await main();
} catch (err) {
  console.error(`copy-events: failed: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
  process.exitCode = 1;
}
