// DuckDB's profile of the statements one warm request sends (issue 16: measure before choosing):
//   npx tsx scripts/bench/explain.ts --data .bench/bench10m-365d.duckdb "/analytics?groupBy=countries&interval=1y&device=-Mobile"
// Opens the file as the platform does, runs the request's query function until warm (its caches
// filled), records the statements of one more call, and prints EXPLAIN ANALYZE of each, run on a
// connection set up as the platform's own. Run it with the platform stopped. With --mix instead of a
// request: the rows each case of the filtered mix (filtered.ts) reads, summed over its statements.
// "total … rows scanned" is the load-independent figure: rows the statement read from every table.
// With --cpu N: instead of profiles, the CPU time of each warm call (p50 of N), for the same reason.
import { parseArgs } from "node:util";
import { parseAnalyticsQuery } from "../../lib/contract/analytics";
import { resolveRange } from "../../lib/contract/dateRange";
import { parseEventsQuery } from "../../lib/contract/query";
import { hashKey } from "../../lib/platform/http/auth";
import { openPlatform, type Platform } from "../../lib/platform/openPlatform";
import { FILTERED_CASES } from "./filtered";
import { queryAnalytics } from "../../lib/platform/query/analyticsQuery";
import { findKeyOwner } from "../../lib/platform/query/apiKeys";
import { listEvents } from "../../lib/platform/query/eventsQuery";
import type { Store } from "../../lib/platform/query/store";
import { recordingDb } from "./recordingDb";
import { cpuMsPerCall, figures, type Figures } from "./stats";

const USAGE =
  'usage: npx tsx scripts/bench/explain.ts --data <file> "/analytics?…" | "/events?…" | --mix [--verbose] [--cpu <samples>] [--key demo_business_key]';

interface Operator {
  operator_name?: string;
  operator_timing?: number;
  operator_cardinality?: number;
  operator_rows_scanned?: number;
  cumulative_rows_scanned?: number;
  latency?: number;
  extra_info?: Record<string, unknown>;
  children?: Operator[];
}

/** One line per operator, indented by depth: its own time, rows out, and what it filters or scans. */
function operatorLines(node: unknown, depth = 0): string[] {
  if (!node || typeof node !== "object") return [];
  const op = node as Operator;
  const info = Object.entries(op.extra_info ?? {})
    .filter(
      ([k]) =>
        [
          "Table",
          "Filters",
          "Projections",
          "Join Type",
          "Conditions",
          "Groups",
          "Aggregates",
          "Estimated Cardinality",
        ].includes(k) || k.includes("Filter"),
    )
    .map(([k, v]) => `${k}: ${String(v).replaceAll("\n", " ").slice(0, 160)}`)
    .join("; ");
  const head = op.operator_name
    ? [
        `${"  ".repeat(depth)}${op.operator_name.trim()} ${((op.operator_timing ?? 0) * 1000).toFixed(1)} ms, ${op.operator_cardinality ?? 0} rows${op.operator_rows_scanned ? `, ${op.operator_rows_scanned} rows scanned` : ""}${info ? ` (${info})` : ""}`,
      ]
    : op.latency !== undefined
      ? [`total ${(op.latency * 1000).toFixed(1)} ms, ${op.cumulative_rows_scanned ?? 0} rows scanned`]
      : [];
  return [...head, ...(op.children ?? []).flatMap((c) => operatorLines(c, op.operator_name ? depth + 1 : depth))];
}

interface Profiled {
  sql: string;
  profile: Operator;
}

/** A call of the request's query function, as the platform's route makes it, through `db`. */
async function requestCall(platform: Platform, db: Store["db"], key: string, request: string) {
  const url = new URL(request, "http://platform");
  const store: Store = { ...platform.store, db };
  const owner = await findKeyOwner(db, hashKey(key));
  if (!owner) throw new Error(`no workspace for ${key}`);
  const scope = { workspaceId: owner.workspaceId };
  return async (): Promise<unknown> => {
    if (url.pathname === "/events") {
      const query = parseEventsQuery(url.searchParams);
      return listEvents(store, query, { ...scope, range: resolveRange(query, new Date(), owner.createdAt) });
    }
    if (url.pathname === "/analytics") {
      const query = parseAnalyticsQuery(url.searchParams);
      return queryAnalytics(store, query, { ...scope, range: resolveRange(query, new Date(), owner.createdAt) });
    }
    throw new Error(`only /events and /analytics: ${url.pathname}`);
  };
}

/**
 * CPU per warm call, p50 of `samples` (ms): the process's user + system time, DuckDB's threads
 * included (one per connection, calls one at a time), so the machine's load barely moves it.
 */
async function cpuPerCall(platform: Platform, key: string, request: string, samples: number): Promise<Figures> {
  const call = await requestCall(platform, platform.store.db, key, request);
  await call();
  await call();
  return figures(await cpuMsPerCall(call, samples));
}

/** Each statement a warm call of `request` sends, profiled on a connection of the platform's own. */
async function profileRequest(platform: Platform, key: string, request: string): Promise<Profiled[]> {
  const db = recordingDb(platform.store.db);
  const call = await requestCall(platform, db, key, request);
  await call();
  await call();
  const { statements } = await db.record(call);
  const conn = await platform.connect();
  try {
    const out: Profiled[] = [];
    for (const s of statements) {
      const prepared = await conn.prepare(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.sql}`);
      prepared.bind({ ...s.params });
      const rows = (await prepared.runAndReadAll()).getRowsJS();
      prepared.destroySync();
      out.push({ sql: s.sql, profile: JSON.parse(String(rows[0]?.[1])) as Operator });
    }
    return out;
  } finally {
    conn.closeSync();
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      data: { type: "string" },
      key: { type: "string", default: "demo_business_key" },
      mix: { type: "boolean", default: false },
      cpu: { type: "string" },
      verbose: { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  const [request] = positionals;
  if (!values.data || (values.mix ? positionals.length !== 0 : !request || positionals.length !== 1)) {
    console.error(USAGE);
    return 2;
  }
  const platform = await openPlatform(values.data);
  try {
    const cpuSamples = values.cpu === undefined ? null : Number(values.cpu);
    if (cpuSamples !== null && !(Number.isInteger(cpuSamples) && cpuSamples > 0)) {
      console.error(`--cpu takes a number of samples: ${values.cpu}`);
      return 2;
    }
    const cases = values.mix ? FILTERED_CASES : [{ name: request, path: "", qs: "" }];
    if (cpuSamples !== null) {
      // CPU per request instead of rows: what a loaded machine's wall clock cannot say.
      for (const c of cases) {
        const f = await cpuPerCall(platform, values.key, c.path ? `${c.path}?${c.qs}` : c.name, cpuSamples);
        console.log(`${f.p50.toFixed(1).padStart(7)} ms CPU p50 (p95 ${f.p95.toFixed(1)}, n ${f.n}): ${c.name}`);
      }
      return 0;
    }
    if (values.mix) {
      // Rows read per case of the filtered mix: the figure that does not depend on the machine's load.
      for (const c of FILTERED_CASES) {
        const profiled = await profileRequest(platform, values.key, `${c.path}?${c.qs}`);
        const scanned = profiled.reduce((sum, s) => sum + (s.profile.cumulative_rows_scanned ?? 0), 0);
        console.log(`${String(scanned).padStart(10)} rows scanned, ${profiled.length} statements: ${c.name}`);
        if (values.verbose)
          for (const s of profiled)
            console.log(
              operatorLines(s.profile)
                .filter((line) => /total|SCAN/.test(line))
                .join("\n"),
            );
      }
      return 0;
    }
    const profiled = await profileRequest(platform, values.key, request);
    for (const [i, s] of profiled.entries())
      console.log(`-- statement ${i + 1} of ${profiled.length}\n${s.sql}\n${operatorLines(s.profile).join("\n")}\n`);
    return 0;
  } finally {
    platform.close();
  }
}

process.exitCode = await main();
