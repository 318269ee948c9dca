import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseParamText } from "./paramText";

/**
 * TEST-ONLY. A loopback HTTP front over the in-process ClickHouse engine (npm `chdb`), speaking
 * the part of ClickHouse's HTTP interface that `@clickhouse/client` uses: the statement in the
 * body (or in `?query=` with the rows of an INSERT in the body), its parameters as
 * `?param_<name>=<text>`, `GET /ping`, and errors as status 500 with the engine's message and
 * `X-ClickHouse-Exception-Code`. The platform's code talks to it exactly as to a server, so the
 * suites run the store's real SQL on ClickHouse without one. It is never used in production:
 * no authentication, no settings, no sessions. Each request runs in the database its `database`
 * parameter names (`default` without one), as on a server: a test may keep a database of its own
 * (testing/testEventStore.ts clones one per writable platform).
 *
 * `chdb` is a large download kept out of the dependencies; `npm test` installs it when missing
 * (scripts/test.mjs), hence the import by name at run time.
 */

interface ChdbResult {
  text(): string;
}
interface ChdbSession {
  queryAsync(query: string, opts?: { format?: string }): Promise<ChdbResult>;
  queryBindAsync(query: string, params: object, opts?: { format?: string }): Promise<ChdbResult>;
  insert(params: {
    table: string;
    values: Buffer;
    format: "JSONEachRow";
    columns?: readonly string[];
  }): Promise<unknown>;
  close(): void;
}
interface ChdbModule {
  Session: new (path?: string) => ChdbSession;
}

export interface ChdbFront {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  close(): Promise<void>;
}

const CHDB = "chdb";

async function loadChdb(): Promise<ChdbModule> {
  try {
    return (await import(/* @vite-ignore */ CHDB)) as ChdbModule;
  } catch (err) {
    throw new Error(
      "the in-process ClickHouse engine (npm chdb) is not installed: `npm test` installs it, or run `node scripts/testing/installChdb.mjs`",
      { cause: err },
    );
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The client's INSERT of rows in the body: `INSERT INTO t [(a, b)] FORMAT JSONEachRow`. */
const INSERT = /^\s*INSERT\s+INTO\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(?:\(([^)]*)\))?\s*FORMAT\s+JSONEachRow\s*$/i;

/** The declared type of each `{name:Type}` placeholder of a statement. */
function placeholderTypes(sql: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const m of sql.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*):([^{}]+)\}/g)) types.set(m[1], m[2].trim());
  return types;
}

function boundParams(search: URLSearchParams, sql: string): Record<string, string | string[]> {
  const types = placeholderTypes(sql);
  const out: Record<string, string | string[]> = {};
  for (const [key, text] of search) {
    if (!key.startsWith("param_")) continue;
    const name = key.slice("param_".length);
    out[name] = parseParamText(text, types.get(name) ?? "String");
  }
  return out;
}

/** The engine's code of an error, when it says one. */
function errorCode(err: unknown): number {
  const code = (err as { clickhouseCode?: unknown }).clickhouseCode;
  return typeof code === "number" ? code : 1001;
}

/** A database name as the front accepts it in `?database=` (it is put into a `USE` statement). */
const DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The engine's session with the database it is in (`USE` lasts for the session, as statements run one at a time). */
interface FrontSession {
  session: ChdbSession;
  database: string;
}

async function answer(front: FrontSession, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { session } = front;
  const url = new URL(req.url ?? "/", "http://front");
  if (url.pathname === "/ping") {
    res.writeHead(200, { "Content-Type": "text/plain" }).end("Ok.\n");
    return;
  }
  const database = url.searchParams.get("database") || "default";
  if (database !== front.database) {
    if (!DATABASE_NAME.test(database)) {
      res
        .writeHead(500, { "Content-Type": "text/plain; charset=UTF-8", "X-ClickHouse-Exception-Code": "81" })
        .end(`the front takes plain database names only: ${database}`);
      return;
    }
    try {
      await session.queryAsync(`USE ${database}`, { format: "TabSeparated" });
      front.database = database;
    } catch (err) {
      res
        .writeHead(500, {
          "Content-Type": "text/plain; charset=UTF-8",
          "X-ClickHouse-Exception-Code": String(errorCode(err)),
        })
        .end(err instanceof Error ? err.message : String(err));
      return;
    }
  }
  const body = await readBody(req);
  const inUrl = url.searchParams.get("query");
  const insert = inUrl === null ? null : INSERT.exec(inUrl);
  const sql = inUrl === null ? body.toString("utf8") : `${inUrl}\n${body.toString("utf8")}`;
  const params = boundParams(url.searchParams, insert ? "" : sql);
  try {
    if (insert) {
      // The engine parses the rows itself, as a server does, rather than as one huge statement.
      const columns = insert[2]?.split(",").map((c) => c.trim().replace(/^`|`$/g, ""));
      await session.insert({ table: insert[1], values: body, format: "JSONEachRow", ...(columns ? { columns } : {}) });
      res.writeHead(200, { "Content-Type": "text/plain; charset=UTF-8", "X-ClickHouse-Summary": "{}" }).end();
      return;
    }
    const result =
      Object.keys(params).length > 0
        ? await session.queryBindAsync(sql, params, { format: "TabSeparated" })
        : await session.queryAsync(sql, { format: "TabSeparated" });
    res
      .writeHead(200, { "Content-Type": "text/plain; charset=UTF-8", "X-ClickHouse-Summary": "{}" })
      .end(result.text());
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    res
      .writeHead(500, {
        "Content-Type": "text/plain; charset=UTF-8",
        "X-ClickHouse-Exception-Code": String(errorCode(err)),
      })
      .end(message);
  }
}

/**
 * Starts the front on 127.0.0.1 (port 0: any free one) over a fresh engine session in `path`
 * (a temporary directory of the caller's). Statements run one at a time, as one session allows.
 */
export async function startChdbFront(path: string, port = 0): Promise<ChdbFront> {
  const { Session } = await loadChdb();
  const session = new Session(path);
  const front: FrontSession = { session, database: "default" };
  let queue: Promise<void> = Promise.resolve();
  // Parameters travel in the URL: allow what a server does (http_max_uri_size, 1 MiB), not Node's 16 KiB.
  const server: Server = createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => {
    queue = queue.then(() =>
      answer(front, req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "X-ClickHouse-Exception-Code": "1001" });
        res.end(err instanceof Error ? err.message : String(err));
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      session.close();
    },
  };
}
