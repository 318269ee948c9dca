// Embedded platform: serves the API over the seeded DuckDB file.
//   npm run platform -- --data <file> [--writable] [--port 8787] [--host 127.0.0.1] [--tls-cert f --tls-key f] [--log-sql]
// --store clickhouse [--clickhouse-url http://host:8123/db]: the events on a ClickHouse server (CLICKHOUSE_URL when no
//   flag, the password in CLICKHOUSE_PASSWORD), every other table in --data (docs/clickhouse.md); with --writable, written to both.
// --writable: the platform is the file's one writer (links, tracking, clicks); no other process may open the file meanwhile.
// --webhook-url U --webhook-key K (with --writable): registers (or renews) receiver U, signed with the secret in the
//   environment's LINK_WEBHOOK_SECRET (never on the command line, where `ps` shows it to every local user), for every
//   event kind of the workspace of API key K; what npm start does for the dashboard's own receiver.
import { existsSync, readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { parseArgs } from "node:util";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "../lib/platform/http/platformApp";
import { ShortLinkResolver } from "../lib/platform/http/resolveRoute";
import { withShortLinks } from "../lib/platform/http/shortLinkListener";
import { clickHouseUrl, openEventStore, type EventStore } from "../lib/platform/clickhouse/connect";
import { IncompleteSeed, NotAPlatformDatabase, openPlatform, type Platform } from "../lib/platform/openPlatform";
import { formatTraced, tracedDb } from "../lib/platform/query/sqlTrace";
import { formatChTraced, tracedChDb } from "../lib/platform/clickhouse/chTrace";
import type { Store } from "../lib/platform/query/store";
import { WEBHOOK_TRIGGERS } from "../lib/contract/webhooks";
import { hashKey } from "../lib/platform/http/auth";
import { ensureWebhook, workspaceOfKey } from "../lib/platform/webhooks/registry";
import type { StoreWriter } from "../lib/platform/write/storeWriter";

const MAX_HEADER_BYTES = 128 * 1024;

const USAGE =
  "usage: npm run platform -- --data <file> [--writable [--webhook-url <url> --webhook-key <key>, the secret in LINK_WEBHOOK_SECRET]] [--port 8787] [--host 127.0.0.1] [--tls-cert <file> --tls-key <file>] [--log-sql] [--store duckdb|clickhouse [--clickhouse-url <url>]]";

function die(message: string): never {
  console.error(`platform: ${message} (${USAGE})`);
  process.exit(2);
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split("\n")[0] : String(err));

interface Options {
  data: string;
  port: number;
  host: string;
  tls: { cert: Buffer; key: Buffer } | null;
  rateLimitScale: number;
  logSql: boolean;
  writable: boolean;
  webhook: { url: string; secret: string; key: string } | null;
  /** The ClickHouse event store's URL, or null for the events in --data. */
  clickhouseUrl: string | null;
}

function parseOptions(): Options {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        data: { type: "string" },
        port: { type: "string", default: "8787" },
        host: { type: "string", default: "127.0.0.1" },
        "tls-cert": { type: "string" },
        "tls-key": { type: "string" },
        // Multiplies every rate limit. For the test suite only; never set in production.
        "rate-limit-scale": { type: "string", default: "1" },
        // Every statement the queries run, with its parameters, to stderr.
        "log-sql": { type: "boolean", default: false },
        writable: { type: "boolean", default: false },
        "webhook-url": { type: "string" },
        "webhook-secret": { type: "string" },
        "webhook-key": { type: "string" },
        store: { type: "string", default: "duckdb" },
        "clickhouse-url": { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    die(firstLine(err));
  }
  if (!values.data) die("--data <file> is required");
  if (!existsSync(values.data))
    die(`data file not found: ${values.data} (create it with npm run seed -- --data ${values.data})`);
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    die(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  const scale = Number(values["rate-limit-scale"]);
  if (!Number.isFinite(scale) || scale <= 0)
    die(`--rate-limit-scale must be a positive number, got "${values["rate-limit-scale"]}"`);
  const certFile = values["tls-cert"];
  const keyFile = values["tls-key"];
  if (Boolean(certFile) !== Boolean(keyFile)) die("--tls-cert and --tls-key go together");
  let tls: Options["tls"] = null;
  if (certFile && keyFile) {
    for (const file of [certFile, keyFile]) if (!existsSync(file)) die(`TLS file not found: ${file}`);
    tls = { cert: readFileSync(certFile), key: readFileSync(keyFile) };
  }
  if (values["webhook-secret"] !== undefined)
    die(
      "--webhook-secret would show the secret to every local user (ps); set LINK_WEBHOOK_SECRET in the environment instead",
    );
  const envSecret = process.env.LINK_WEBHOOK_SECRET?.trim() || undefined;
  const hookParts = [
    values["webhook-url"],
    values["webhook-url"] || values["webhook-key"] ? envSecret : undefined,
    values["webhook-key"],
  ];
  if (hookParts.some(Boolean) && !hookParts.every(Boolean))
    die("--webhook-url and --webhook-key go together, with the secret in LINK_WEBHOOK_SECRET");
  if (hookParts.every(Boolean) && !values.writable) die("--webhook-url needs --writable");
  const [hookUrl, hookSecret, hookKey] = hookParts;
  const webhook = hookUrl && hookSecret && hookKey ? { url: hookUrl, secret: hookSecret, key: hookKey } : null;
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
  return {
    data: values.data,
    port,
    host: values.host,
    tls,
    rateLimitScale: scale,
    logSql: values["log-sql"],
    writable: values.writable,
    webhook,
    clickhouseUrl,
  };
}

/** The store with its databases writing each statement with its parameters to stderr as one block. */
function loggingStore(store: Store): Store {
  const counter = { sent: 0 };
  const db = tracedDb(store.db, (statement) => process.stderr.write(`${formatTraced(statement)}\n`), counter);
  const clickhouse =
    store.clickhouse &&
    tracedChDb(store.clickhouse, (statement) => process.stderr.write(`${formatChTraced(statement)}\n`), counter);
  return { ...store, db, clickhouse };
}

/** Registers (or renews) the receiver named on the command line, for every event kind of its key's workspace. */
async function registerWebhook(writer: StoreWriter, hook: NonNullable<Options["webhook"]>): Promise<void> {
  const registered = await writer.transact(async (tx) => {
    const workspaceId = await workspaceOfKey(tx, hashKey(hook.key));
    if (!workspaceId) return null;
    return ensureWebhook(
      tx,
      workspaceId,
      { url: hook.url, secret: hook.secret, triggers: WEBHOOK_TRIGGERS },
      new Date(),
    );
  });
  if (!registered) die("--webhook-key is not an API key of this file");
  console.log(`platform webhook ${registered.id} → ${registered.url}`);
}

async function main(): Promise<void> {
  const options = parseOptions();
  let platform: Platform;
  let events: EventStore | null = null;
  try {
    if (options.clickhouseUrl)
      events = await openEventStore(options.clickhouseUrl).catch((err: unknown) =>
        die(`cannot use the ClickHouse store: ${firstLine(err)}`),
      );
    platform = await openPlatform(options.data, { writable: options.writable, clickhouse: events?.db });
  } catch (err) {
    if (err instanceof IncompleteSeed) {
      // Its message says what the file lacks and what to run; the usage line would only distract.
      console.error(`platform: ${err.message}`);
      process.exit(2);
    }
    die(
      err instanceof NotAPlatformDatabase
        ? `${options.data} is not a seeded platform database: ${firstLine(err)}`
        : `cannot open ${options.data}: ${firstLine(err)}`,
    );
  }
  if (platform.replayedClicks > 0)
    console.log(`platform replayed ${platform.replayedClicks} journaled clicks the file lacked`);
  if (options.webhook && platform.writer) await registerWebhook(platform.writer, options.webhook);
  const store: Store = options.logSql ? loggingStore(platform.store) : platform.store;
  const resolver = new ShortLinkResolver({
    store,
    writer: platform.writer,
    now: () => new Date(),
    random: Math.random,
  });
  const app = createApp({ store, writer: platform.writer, rateLimitScale: options.rateLimitScale, resolver });
  const scheme = options.tls ? "https" : "http";
  // Visits are answered by Node's handler directly; every other request by the app (shortLinkListener.ts).
  const listener = withShortLinks(resolver, getRequestListener(app.fetch, { hostname: options.host }));
  const server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key, maxHeaderSize: MAX_HEADER_BYTES }, listener)
    : createHttpServer({ maxHeaderSize: MAX_HEADER_BYTES }, listener);
  server.listen(options.port, options.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    const host = options.host.includes(":") ? `[${options.host}]` : options.host;
    console.log(`platform listening on ${scheme}://${host}:${port}`);
  });
  server.on("error", (err) => {
    console.error(`platform: ${err.message}`);
    platform.close();
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`platform stopping (${signal})`);
    server.close(() => {
      // What the journal holds goes into the file first, so that tools reading it see every answered visit.
      void platform.finish().finally(() => {
        platform.close();
        void (events?.close() ?? Promise.resolve()).finally(() => process.exit(0));
      });
    });
    if ("closeAllConnections" in server) server.closeAllConnections();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

await main();
