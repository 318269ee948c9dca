import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface TestServer {
  url: string;
  close(): Promise<void>;
  /** Resolves once `done()` holds, checked now and after each request the server sees or loses: await an event, never a delay. */
  until(done: () => boolean): Promise<void>;
}

/** Checks waiting conditions whenever the server's state changes. */
function watcher() {
  const checks = new Set<() => void>();
  return {
    changed(): void {
      for (const check of [...checks]) check();
    },
    until(done: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!done()) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      });
    },
  };
}

async function listen(server: Server, until: TestServer["until"]): Promise<TestServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    until,
  };
}

/** Calls `onAbandoned` when the client closes the connection before the response is complete. */
function watchAbandon(res: ServerResponse, onAbandoned: () => void): void {
  res.on("close", () => {
    if (!res.writableFinished) onAbandoned();
  });
}

interface HungServer extends TestServer {
  /** Requests received, and those whose client gave up (closed the connection) while waiting. */
  readonly requests: { received: number; abandoned: number };
}

/** Accepts connections and requests, never answers. */
export async function startHungServer(): Promise<HungServer> {
  const requests = { received: 0, abandoned: 0 };
  const events = watcher();
  const server = await listen(
    createServer((_req, res) => {
      requests.received += 1;
      watchAbandon(res, () => {
        requests.abandoned += 1;
        events.changed();
      });
      events.changed();
    }),
    events.until,
  );
  return { ...server, requests };
}

/** A loopback port with nothing listening on it. */
export async function closedPortUrl(): Promise<string> {
  const server = await listen(createServer(), () => Promise.resolve());
  await server.close();
  return server.url;
}

export interface Forwarded {
  path: string;
  /** When it arrived (performance.now()): the platform's side of a rate. */
  at: number;
  status: number;
  authorization: string | undefined;
  /** The client closed the connection before its answer was complete. */
  abandoned: boolean;
}

export interface CountingProxy extends TestServer {
  /** Every request that reached the platform through this proxy, in order. */
  readonly seen: Forwarded[];
  count(pathPrefix?: string): number;
  /** Lets held requests (and those arriving later) through to the platform. */
  release(): void;
}

interface CountingOptions {
  /** Hold the n-th request (1-based) here, unanswered, until `release()`: it stays in flight as long as a test needs. */
  hold?: (n: number) => boolean;
  /** Answer the n-th request (1-based) with this status, headers and an error body instead of forwarding. */
  failWith?: (n: number) => { status: number; headers?: Record<string, string> } | undefined;
}

const FORWARD = ["content-type", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"];

/** A forwarding proxy in front of the platform that counts what really goes upstream. */
export async function startCountingProxy(target: string, options: CountingOptions = {}): Promise<CountingProxy> {
  const seen: Forwarded[] = [];
  const events = watcher();
  let released = false;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const n = seen.length + 1;
    const entry: Forwarded = {
      path: req.url ?? "/",
      at: performance.now(),
      status: 0,
      authorization: req.headers.authorization,
      abandoned: false,
    };
    seen.push(entry);
    watchAbandon(res, () => {
      entry.abandoned = true;
      events.changed();
    });
    events.changed();
    if (options.hold?.(n)) await events.until(() => released);
    if (res.destroyed) return;
    const failure = options.failWith?.(n);
    if (failure !== undefined) {
      entry.status = failure.status;
      res.writeHead(failure.status, { "content-type": "application/json", ...failure.headers });
      res.end(
        JSON.stringify({
          error: {
            code: "internal_server_error",
            message: "Injected failure.",
            doc_url: "https://linklens.dev/docs#x",
          },
        }),
      );
      return;
    }
    try {
      const upstream = await fetch(`${target}${entry.path}`, {
        headers: req.headers.authorization ? { authorization: req.headers.authorization } : {},
      });
      entry.status = upstream.status;
      const headers: Record<string, string> = {};
      for (const name of FORWARD) {
        const value = upstream.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      res.writeHead(upstream.status, headers);
      res.end(await upstream.text());
    } catch {
      if (!res.headersSent) res.writeHead(599);
      res.end();
    }
  };
  const server = await listen(
    createServer((req, res) => void handle(req, res)),
    events.until,
  );
  return {
    ...server,
    seen,
    count: (prefix = "/") => seen.filter((s) => s.path.startsWith(prefix)).length,
    release() {
      released = true;
      events.changed();
    },
  };
}
