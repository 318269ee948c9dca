// DuckDB's profile of the statements one warm request sends (issue 16: measure before choosing):
//   npx tsx scripts/bench/explain.ts --data .bench/bench10m-365d.duckdb "/analytics?groupBy=countries&interval=1y&device=-Mobile"
// Opens the file as the platform does, runs the request's query function until warm (its caches
// filled), records the statements of one more call, and prints EXPLAIN ANALYZE of each, run on a
// connection set up as the platform's own. Run it with the platform stopped.
import { parseArgs } from "node:util";
import { parseAnalyticsQuery } from "../../lib/contract/analytics";
import { resolveRange } from "../../lib/contract/dateRange";
import { parseEventsQuery } from "../../lib/contract/query";
import { hashKey } from "../../lib/platform/http/auth";
import { openPlatform } from "../../lib/platform/openPlatform";
import { queryAnalytics } from "../../lib/platform/query/analyticsQuery";
import { findKeyOwner } from "../../lib/platform/query/apiKeys";
import { listEvents } from "../../lib/platform/query/eventsQuery";
import type { Store } from "../../lib/platform/query/store";
import { recordingDb } from "./recordingDb";

const USAGE =
  'usage: npx tsx scripts/bench/explain.ts --data <file> "/analytics?…" | "/events?…" [--key demo_business_key]';

interface Operator {
  operator_name?: string;
  operator_timing?: number;
  operator_cardinality?: number;
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
        `${"  ".repeat(depth)}${op.operator_name.trim()} ${((op.operator_timing ?? 0) * 1000).toFixed(1)} ms, ${op.operator_cardinality ?? 0} rows${info ? ` (${info})` : ""}`,
      ]
    : op.latency !== undefined
      ? [`total ${(op.latency * 1000).toFixed(1)} ms`]
      : [];
  return [...head, ...(op.children ?? []).flatMap((c) => operatorLines(c, op.operator_name ? depth + 1 : depth))];
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { data: { type: "string" }, key: { type: "string", default: "demo_business_key" } },
    allowPositionals: true,
  });
  const [request] = positionals;
  if (!values.data || !request || positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const url = new URL(request, "http://platform");
  const platform = await openPlatform(values.data);
  try {
    const db = recordingDb(platform.store.db);
    const store: Store = { ...platform.store, db };
    const owner = await findKeyOwner(db, hashKey(values.key));
    if (!owner) throw new Error(`no workspace for ${values.key}`);
    const scope = { workspaceId: owner.workspaceId };
    const call = async (): Promise<unknown> => {
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
    await call();
    await call();
    const { statements } = await db.record(call);
    const conn = await platform.connect();
    try {
      for (const [i, s] of statements.entries()) {
        const prepared = await conn.prepare(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.sql}`);
        prepared.bind({ ...s.params });
        const rows = (await prepared.runAndReadAll()).getRowsJS();
        prepared.destroySync();
        const profile: unknown = JSON.parse(String(rows[0]?.[1]));
        console.log(`-- statement ${i + 1} of ${statements.length}\n${s.sql}\n${operatorLines(profile).join("\n")}\n`);
      }
    } finally {
      conn.closeSync();
    }
    return 0;
  } finally {
    platform.close();
  }
}

process.exitCode = await main();
