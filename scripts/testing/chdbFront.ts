// TEST-ONLY: serves the in-process ClickHouse engine (npm chdb, see scripts/testing/installChdb.mjs)
// on loopback through lib/platform/clickhouse/testing/chdbFront.ts, for trying the ClickHouse
// store without a server:  npx tsx scripts/testing/chdbFront.ts --dir /tmp/ch [--port 8123]
// then  CLICKHOUSE_URL=http://127.0.0.1:8123 npm run copy-events -- --data data/platform.duckdb
// Not for production: no authentication, one statement at a time.
import { mkdir } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startChdbFront } from "../../lib/platform/clickhouse/testing/chdbFront";

const { values } = parseArgs({
  options: { dir: { type: "string" }, port: { type: "string", default: "8123" } },
  strict: true,
});
if (!values.dir || !/^\d+$/.test(values.port)) {
  console.error("usage: npx tsx scripts/testing/chdbFront.ts --dir <directory> [--port 8123]");
  process.exit(2);
}
await mkdir(values.dir, { recursive: true });
const front = await startChdbFront(values.dir, Number(values.port));
console.log(`ClickHouse (in-process engine, test-only front) on ${front.url}`);
const stop = () => void front.close().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
