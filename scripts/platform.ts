// Embedded platform: serves the API over the seeded DuckDB file.
//   npm run platform -- --data <file> [--port 8787] [--host 127.0.0.1] [--tls-cert f --tls-key f]
import { existsSync, readFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import { parseArgs } from "node:util";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "../lib/platform/http/app";
import { createDb } from "../lib/platform/query/db";
import { SERVING_OPTIONS, openStore } from "../lib/platform/store/open";

const MAX_HEADER_BYTES = 128 * 1024;

const USAGE = "usage: npm run platform -- --data <file> [--port 8787] [--host 127.0.0.1] [--tls-cert <file> --tls-key <file>]";

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
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    die(firstLine(err));
  }
  if (!values.data) die("--data <file> is required");
  if (!existsSync(values.data)) die(`data file not found: ${values.data} (create it with npm run seed -- --data ${values.data})`);
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) die(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  const scale = Number(values["rate-limit-scale"]);
  if (!Number.isFinite(scale) || scale <= 0) die(`--rate-limit-scale must be a positive number, got "${values["rate-limit-scale"]}"`);
  const certFile = values["tls-cert"];
  const keyFile = values["tls-key"];
  if (Boolean(certFile) !== Boolean(keyFile)) die("--tls-cert and --tls-key go together");
  let tls: Options["tls"] = null;
  if (certFile && keyFile) {
    for (const file of [certFile, keyFile]) if (!existsSync(file)) die(`TLS file not found: ${file}`);
    tls = { cert: readFileSync(certFile), key: readFileSync(keyFile) };
  }
  return { data: values.data, port, host: values.host, tls, rateLimitScale: scale };
}

async function main(): Promise<void> {
  const options = parseOptions();
  let store;
  try {
    store = await openStore(options.data, SERVING_OPTIONS);
  } catch (err) {
    die(`cannot open ${options.data}: ${firstLine(err)}`);
  }
  let db;
  try {
    db = await createDb(store.instance);
  } catch (err) {
    store.close();
    die(`${options.data} is not a seeded platform database: ${firstLine(err)}`);
  }
  const app = createApp({ db, rateLimitScale: options.rateLimitScale });
  const scheme = options.tls ? "https" : "http";

  const server: ServerType = serve(
    {
      fetch: app.fetch,
      port: options.port,
      hostname: options.host,
      // The spec allows a 10,000-character `query`; percent-encoded it can pass Node's 16 KiB default.
      ...(options.tls
        ? { createServer: createHttpsServer, serverOptions: { cert: options.tls.cert, key: options.tls.key, maxHeaderSize: MAX_HEADER_BYTES } }
        : { serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } }),
    },
    (info) => {
      const host = options.host.includes(":") ? `[${options.host}]` : options.host;
      console.log(`platform listening on ${scheme}://${host}:${info.port}`);
    },
  );
  server.on("error", (err) => {
    console.error(`platform: ${err.message}`);
    db.close();
    store.close();
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`platform stopping (${signal})`);
    server.close(() => {
      db.close();
      store.close();
      process.exit(0);
    });
    if ("closeAllConnections" in server) server.closeAllConnections();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

await main();
