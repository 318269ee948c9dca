import autocannon from "autocannon";

/**
 * One phase of load from autocannon (MIT), in this process: `connections` clients sending one
 * request after another for `seconds`, each request built by `next` (its counter counts requests
 * built). `answered` is told the status and headers of every response.
 */

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  next(n: number): LoadRequest;
  answered(status: number, body: string, headers: Record<string, string>): void;
}

export interface LoadFigures {
  connections: number;
  seconds: number;
  /** Responses per second, of any status. */
  perSecond: number;
  p50: number;
  p99: number;
  /** Responses by status. */
  statuses: Record<string, number>;
  /** Socket errors and timeouts. */
  errors: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  let n = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    // Whole seconds of timeout: a request answered after 10 s counts as an error, not a latency.
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const built = options.next(n++);
          return { ...request, method: built.method, path: built.path, headers: built.headers, body: built.body };
        },
        onResponse: (status, body, _context, headers) =>
          options.answered(status, body, headers as Record<string, string>),
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = stat.count ?? 0;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    connections: options.connections,
    seconds: options.seconds,
    perSecond: Math.round((total / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  };
}
