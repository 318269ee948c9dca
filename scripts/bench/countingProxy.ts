import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny HTTP proxy between the dashboard and the platform that counts the requests it
 * forwards, by path and status, and knows when traffic has gone quiet.
 */

export type Counts = Record<string, number>;

export interface Forwarded {
  /** "GET /analytics?…" as the dashboard sent it. */
  request: string;
  status: number | string;
  /** Epoch ms when the request reached the proxy, and when its reply had been relayed. */
  startedAt: number;
  endedAt: number;
}

export interface CountingProxy {
  url: string;
  /** Every forwarded request so far, in the order they completed. */
  log(): readonly Forwarded[];
  /** A copy of the counts so far, keyed "GET /analytics 200". */
  snapshot(): Counts;
  inFlight(): number;
  /** Epoch ms of the last request start or end. */
  lastActivity(): number;
  close(): Promise<void>;
}

/** What happened between two snapshots. */
export function diffCounts(before: Counts, after: Counts): Counts {
  const out: Counts = {};
  for (const [key, n] of Object.entries(after)) {
    const d = n - (before[key] ?? 0);
    if (d > 0) out[key] = d;
  }
  return out;
}

export const total = (counts: Counts): number => Object.values(counts).reduce((a, b) => a + b, 0);

export const withStatus = (counts: Counts, status: number): number =>
  Object.entries(counts).reduce((sum, [key, n]) => (key.endsWith(` ${status}`) ? sum + n : sum), 0);

/** "GET /analytics 200 ×5, GET /events 403 ×1". */
export const describeCounts = (counts: Counts): string =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ×${n}`)
    .join(", ") || "none";

export async function startCountingProxy(target: string, port = 0): Promise<CountingProxy> {
  const upstream = new URL(target);
  const counts: Counts = {};
  const forwarded: Forwarded[] = [];
  let inFlight = 0;
  let last = Date.now();
  const done = (label: string, request: string, status: number | string, startedAt: number) => {
    const key = `${label} ${status}`;
    forwarded.push({ request, status, startedAt, endedAt: Date.now() });
    counts[key] = (counts[key] ?? 0) + 1;
    inFlight -= 1;
    last = Date.now();
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    last = Date.now();
    const startedAt = last;
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    const label = `${req.method ?? "GET"} ${path}`;
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
        upRes.once("end", () =>
          done(label, `${req.method ?? "GET"} ${req.url ?? "/"}`, upRes.statusCode ?? 0, startedAt),
        );
        upRes.once("error", () => done(label, `${req.method ?? "GET"} ${req.url ?? "/"}`, "aborted", startedAt));
      },
    );
    forward.once("error", (err) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`counting proxy: ${err.message}`);
      done(label, `${req.method ?? "GET"} ${req.url ?? "/"}`, "unreachable", startedAt);
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    log: () => forwarded,
    snapshot: () => ({ ...counts }),
    inFlight: () => inFlight,
    lastActivity: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
