// The SQL one request runs, with its parameters:
//   npm run sql -- --data <file> "/analytics?groupBy=countries&country=US,DE&interval=30d" [--key demo_business_key]
// Opens the file read-only as the platform does, sends the request through the real app, and
// prints every statement the queries ran (a fresh platform: cache fills included) to stdout.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { createApp } from "../lib/platform/http/app";
import { IncompleteSeed, NotAPlatformDatabase, openPlatform, type Platform } from "../lib/platform/openPlatform";
import { formatTraced, inOrderSent, tracedDb, type TracedStatement } from "../lib/platform/query/sqlTrace";

const USAGE = 'usage: npm run sql -- --data <file> "/analytics?groupBy=countries&country=US,DE" [--key demo_business_key]';

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
}

function parseOptions(): Options {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        data: { type: "string" },
        key: { type: "string", default: "demo_business_key" },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    die(firstLine(err));
  }
  const { values, positionals } = parsed;
  if (!values.data) die("--data <file> is required");
  if (!existsSync(values.data)) die(`data file not found: ${values.data} (create it with npm run seed -- --data ${values.data})`);
  if (positionals.length !== 1) die("give one request, such as /events?country=US");
  const path = positionals[0];
  if (!path.startsWith("/")) die(`the request is a path and query string starting with "/", got "${path}"`);
  return { data: values.data, path, key: values.key };
}

/** DuckDB's refusal when another process has the file open for writing. */
const HELD = /Could not set lock on file .*Conflicting lock is held in (.*)$/m;

async function open(file: string): Promise<Platform> {
  try {
    return await openPlatform(file);
  } catch (err) {
    const held = HELD.exec(err instanceof Error ? err.message : "");
    if (held) fail(`${file} is held by another process (${held[1].replace(/\. See also.*$/, "")}); stop it (a seed still writing?) and try again`);
    if (err instanceof IncompleteSeed) fail(err.message);
    fail(err instanceof NotAPlatformDatabase ? `${file} is not a seeded platform database: ${firstLine(err)}` : `cannot open ${file}: ${firstLine(err)}`);
  }
}

async function main(): Promise<number> {
  const options = parseOptions();
  const platform = await open(options.data);
  try {
    const statements: TracedStatement[] = [];
    const db = tracedDb(platform.store.db, (statement) => statements.push(statement));
    const app = createApp({ store: { ...platform.store, db } });
    const res = await app.request(options.path, { headers: { Authorization: `Bearer ${options.key}` } });
    const body = await res.text();
    for (const statement of inOrderSent(statements)) console.log(formatTraced(statement));
    console.error(`-- GET ${options.path} → ${res.status}, ${statements.length} statement${statements.length === 1 ? "" : "s"}`);
    if (res.status === 200) return 0;
    console.error(body);
    return 1;
  } finally {
    platform.close();
  }
}

process.exitCode = await main();
