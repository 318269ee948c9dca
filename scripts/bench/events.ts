// GET /events benchmark (issue 2): a fixed mix over HTTP against a running platform, and the
// same SQL statements run directly on the file's database, at the same pace.
import { parseEventsQuery } from "../../lib/contract/query";
import { resolveRange } from "../../lib/contract/dateRange";
import { hashKey } from "../../lib/platform/http/auth";
import { openPlatform } from "../../lib/platform/openPlatform";
import { findKeyOwner } from "../../lib/platform/query/apiKeys";
import { listEvents } from "../../lib/platform/query/eventsQuery";
import type { Store } from "../../lib/platform/query/store";
import { openDirectSql } from "./directSql";
import { countRows, timedGet } from "./http";
import { recordingDb } from "./recordingDb";
import { figures, pacedSamples, type Figures, type PaceOptions } from "./stats";

export const BUSINESS_KEY = "demo_business_key";
/** The business key may send 4 requests per second: one start every 260 ms stays under it. */
export const EVENTS_PACE_MS = 260;

export interface EventsCase {
  name: string;
  qs: string;
  /** The filtered page the 20 ms goal is about. */
  goal?: boolean;
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const EVENT_CASES: readonly EventsCase[] = [
  { name: "unfiltered page", qs: qs({ event: "clicks", interval: "30d", limit: "100" }) },
  {
    name: "3 filters + exclusion",
    qs: qs({ event: "clicks", interval: "30d", country: "US,DE", device: "-Mobile", trigger: "link", limit: "100" }),
    goal: true,
  },
  { name: "deep page (50)", qs: qs({ event: "clicks", interval: "30d", page: "50", limit: "100" }) },
  {
    name: "leads + metadata",
    qs: qs({ event: "leads", interval: "90d", query: "metadata['plan']:'pro'", limit: "100" }),
  },
];

export interface EventsHttpResult {
  figures: Figures;
  rows: number;
  /** 429s met despite the pacing (each waited out and not sampled). */
  limited: number;
}

export async function benchEventsHttp(
  baseUrl: string,
  pace: Omit<PaceOptions, "paceMs">,
): Promise<Record<string, EventsHttpResult>> {
  const out: Record<string, EventsHttpResult> = {};
  const headers = { Authorization: `Bearer ${BUSINESS_KEY}` };
  for (const c of EVENT_CASES) {
    let rows = 0;
    let limited = 0;
    const samples = await pacedSamples({ ...pace, paceMs: EVENTS_PACE_MS }, async (i) => {
      const reply = await timedGet(`${baseUrl}/events?${c.qs}`, headers);
      limited += reply.limited;
      if (i === 0) rows = countRows(reply.body);
      return reply.ms;
    });
    out[c.name] = { figures: figures(samples), rows, limited };
  }
  return out;
}

export interface EventsSqlResult {
  /** The statements listEvents sends for the case, run directly on DuckDB connections. */
  figures: Figures;
  /** listEvents() itself in-process: parsing, the same statements through the pool, and turning rows into events. */
  listEvents: Figures;
  rows: number;
  /** How many statements one warm listEvents call sends, and in how many rounds (side by side within one). */
  statements: number;
  waves: number;
}

/**
 * The SQL side of GET /events, on a read-only file this process opens as the platform does
 * (run it with the platform stopped). Per case, listEvents runs on a recording handle until
 * warm (its caches of event spans and links filled, as in a serving platform), then one more
 * call is recorded: those statements and values, replayed on DuckDB connections, are the SQL
 * figure. listEvents() itself is timed too, separately, at the same pace.
 */
export async function benchEventsSql(file: string, pace: PaceOptions): Promise<Record<string, EventsSqlResult>> {
  const platform = await openPlatform(file);
  const db = recordingDb(platform.store.db);
  const store: Store = { ...platform.store, db };
  const direct = await openDirectSql(platform);
  try {
    const owner = await findKeyOwner(db, hashKey(BUSINESS_KEY));
    if (!owner) throw new Error(`${file} has no workspace for ${BUSINESS_KEY}; seed it first`);
    const out: Record<string, EventsSqlResult> = {};
    for (const c of EVENT_CASES) {
      const list = () => {
        const query = parseEventsQuery(new URLSearchParams(c.qs));
        const range = resolveRange(query, new Date(), owner.createdAt);
        return listEvents(store, query, { workspaceId: owner.workspaceId, range });
      };
      for (let i = 0; i < Math.max(1, pace.warmup); i++) await list();
      const { value: events, statements } = await db.record(list);
      const replayed = await direct.replay(statements);
      if (Math.max(0, ...replayed) < events.length)
        throw new Error(`${c.name}: the replayed statements return fewer rows than the ${events.length} events listed`);
      const sql = await pacedSamples(pace, async () => {
        const started = performance.now();
        await direct.replay(statements);
        return performance.now() - started;
      });
      const inProcess = await pacedSamples(pace, async () => {
        const started = performance.now();
        await list();
        return performance.now() - started;
      });
      out[c.name] = {
        figures: figures(sql),
        listEvents: figures(inProcess),
        rows: events.length,
        statements: statements.length,
        waves: new Set(statements.map((s) => s.wave)).size,
      };
    }
    return out;
  } finally {
    direct.close();
    platform.close();
  }
}
