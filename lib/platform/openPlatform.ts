import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { attachDerived, DERIVED_SCHEMA } from "./query/analyticsRollupBuild";
import { useConversionClicks } from "./query/conversionClicks";
import { openConversionClicks, type ConversionSource } from "./query/conversionStore";
import { ConversionClickCache } from "./query/conversionClickCache";
import { CustomerCache } from "./query/customerCache";
import { EventSpans } from "./query/eventSpans";
import { LinkCache } from "./query/linkCache";
import { openRollups, type RollupSource } from "./query/rollupStore";
import type { Store } from "./query/store";
import type { ChDb } from "./clickhouse/clickhouseDb";
import { clickHouseMirror } from "./clickhouse/eventMirror";
import { openInstance, useUtc, type DuckDbFileOptions } from "./store/duckdbFile";
import { checkSeed } from "./store/seedMarker";
import { createPool, type Pool, type PoolStats } from "./store/pool";
import { realTimers, type Timers } from "./timers";
import { startWebhooks, type WebhookService } from "./webhooks/service";
import { createDeferredLeadTables } from "./write/deferredLeads";
import { ClickJournal } from "./write/clickJournal";
import { replayClicks } from "./write/clickReplay";
import { openStoreWriter } from "./write/openStoreWriter";
import { type StoreWriter } from "./write/storeWriter";

/**
 * The platform's composition root: the one place that opens the store and builds everything
 * derived from it. Queries get the result (query/store.ts) and never build state of their own.
 *
 * What is derived, and what it assumes:
 * - the analytics rollups: per kind, events counted per 15-minute slot and per day × breakdown
 *   key, and beside the click columns filtered most (query/factKeys.ts: country per UTC day and
 *   hour, the day and week cubes, trigger and referer by link). Kept in the file (written by the
 *   seed, checked against the events when opened, built again when they do not match:
 *   query/rollupStore.ts); in memory for a file that holds none that match and is opened read-only;
 * - the clicks that led to a lead or a sale (query/conversionClicks.ts): kept in the file the same
 *   way (written by the seed, checked against the leads and sales when opened, built again when
 *   they do not match: query/conversionStore.ts); in memory for a file that holds none that match
 *   and is opened read-only;
 * - an in-memory database attached beside the file, for what is derived in memory (above, and
 *   the writer's staged batches);
 * - a pool of connections, each with a UTC session zone and a view of the conversion clicks;
 * - the link records read so far (query/linkCache.ts), and each workspace's span of events per
 *   kind (query/eventSpans.ts), both filled on first use.
 * Opened `writable`, the platform is the file's one writer (DuckDB lets one process open a file
 * for writing, and no other process may open it then): every write goes through its StoreWriter
 * (write/storeWriter.ts), which keeps each of these exact as events arrive. Opened read-only
 * (the default), several processes may share the file and nothing here changes.
 */

/**
 * How the platform opens its file to serve requests. One DuckDB thread per query: requests are
 * small and arrive spaced out, and waking an idle second worker cost more than it saved
 * (measured on 1M clicks, paced: filtered /events page p50 21.6 → 17.3 ms, timeseries 31.8 → 23.6 ms).
 * Concurrent requests still run in parallel, each on its own connection's thread.
 */
const SERVING: DuckDbFileOptions = { readOnly: true, threads: 1 };
const SERVING_WRITABLE: DuckDbFileOptions = { ...SERVING, readOnly: false };

const POOL_SIZE = 4;

/**
 * Statements waiting for a connection, at most, and for how long. A statement normally waits
 * milliseconds (statements take tens of ms); a wait of seconds means slow statements hold every
 * connection, and the client is better told to come back (429, Retry-After: 2; the dashboard's
 * proxy pauses the key and retries by itself) than held toward the deadline. 256 waiting
 * statements drain in about a second and a half at ~20 ms each on 4 connections, inside that
 * wait; a 257th would likely not get its turn in time, so it is refused at once. Well-behaved
 * traffic never fills it: 8 requests/s (Advanced) of up to 4 statements each is 32.
 */
const MAX_WAITING_STATEMENTS = 256;
const MAX_WAIT_MS = 2000;

export interface PlatformOptions {
  poolSize?: number;
  /** Schedules the pool's longest wait; tests pass their clock. */
  timers?: Timers;
  /** Open the file for writing, with a StoreWriter and webhooks; no other process may open it meanwhile. */
  writable?: boolean;
  /** The clock of webhook retries; tests pass theirs (with `timers`). */
  now?: () => Date;
  /** How webhook deliveries are sent; tests may pass their own. */
  send?: (url: string, init: RequestInit) => Promise<Response>;
  /** Events between two foldings of the rollups' delta rows (write/storeWriter.ts); tests pass a few. */
  rollupCompactEvery?: number;
  /**
   * The events are on this ClickHouse store (../clickhouse, docs/clickhouse.md), migrated;
   * the file keeps every other table. Writable, the writer also inserts each transaction's events
   * there before it commits (clickhouse/eventMirror.ts); its decisions read the file's copy.
   */
  clickhouse?: ChDb;
  /**
   * Writable on a file: journal the visits' clicks beside it (`<file>.clicks.journal`,
   * write/clickJournal.ts), answering a visit once its click is there. Default true; false
   * answers each visit once its click committed to the file (the slower way, as before).
   */
  clickJournal?: boolean;
}

/** Where a writable platform journals its visits' clicks: beside its file, as DuckDB keeps its `.wal`. */
export const clickJournalPath = (file: string): string => `${file}.clicks.journal`;

export interface Platform {
  readonly store: Store;
  /** Writes events and records, keeping the store's derived state exact; null when opened read-only. */
  readonly writer: StoreWriter | null;
  /** The webhook sender of a writable platform; null when read-only. */
  readonly webhooks: WebhookService | null;
  /** Clicks the journal held at start that the file lacked, written then (0 without a journal). */
  readonly replayedClicks: number;
  /** Where the rollups came from (query/rollupStore.ts); null on ClickHouse, which keeps its own. */
  readonly rollupSource: RollupSource | null;
  /** Where the conversion clicks came from (query/conversionStore.ts), on either store. */
  readonly conversionSource: ConversionSource;
  /** The pool's connections and waiting statements now. */
  poolStats(): PoolStats;
  /** Resolves once every journaled click is in the file. */
  drain(): Promise<void>;
  /**
   * Stops the webhook sender once its pass under way has ended, then drains: call before close(),
   * whose synchronous closes would otherwise wait forever on a statement still running (the
   * sender's reads and writes), and to stop with nothing left to replay.
   */
  finish(): Promise<void>;
  /** Connections set up as the platform's own: for tools that run its statements directly. */
  connect(): Promise<DuckDBConnection>;
  close(): void;
}

/** A connection as the queries expect it: UTC session zone, the conversion clicks of `conversions` (a schema) in place. */
async function connectAsPlatform(instance: DuckDBInstance, conversions: string): Promise<DuckDBConnection> {
  const conn = await instance.connect();
  try {
    await useUtc(conn);
    await useConversionClicks(conn, conversions);
  } catch (err) {
    conn.closeSync();
    throw err;
  }
  return conn;
}

const DERIVED = DERIVED_SCHEMA;

/**
 * Attaches the derived database and finds the conversion clicks, which every connection's view
 * reads: the file's, or built now (into the file when `writable`, else into the derived database).
 */
async function prepareDerived(
  instance: DuckDBInstance,
  writable: boolean,
  log: (message: string) => void,
): Promise<{ schema: string; source: ConversionSource }> {
  const conn = await instance.connect();
  try {
    const run = async (sql: string) => void (await conn.run(sql));
    await attachDerived(run);
    const all = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJS();
    return await openConversionClicks({ run, all }, writable, DERIVED, log);
  } finally {
    conn.closeSync();
  }
}

/** The file opened failed to give the platform its derived state: not a seeded platform database. */
export class NotAPlatformDatabase extends Error {}

/** The file is not a complete seed of this version (./store/seedMarker.ts): its message says why and what to run. */
export class IncompleteSeed extends NotAPlatformDatabase {
  constructor(file: string, why: string) {
    super(
      `${file} is not a complete seed of this version: ${why}. Write a new one with: npm run seed -- --data ${file}`,
    );
    this.name = "IncompleteSeed";
  }
}

/** Refuses a file without the seed's completion marker before anything is built from it. */
async function requireCompleteSeed(instance: DuckDBInstance, file: string): Promise<void> {
  const conn = await instance.connect();
  try {
    const check = await checkSeed(conn);
    if (!check.complete) throw new IncompleteSeed(file, check.why);
  } finally {
    conn.closeSync();
  }
}

/**
 * Opens a seeded file read-only, refusing one that is not a complete seed (IncompleteSeed), and
 * builds its derived state. `instance` instead of a file: a database already filled (the tests'
 * in-memory fixture), never written again.
 */
export async function openPlatform(
  source: string | { instance: DuckDBInstance },
  options: PlatformOptions = {},
): Promise<Platform> {
  const instance =
    typeof source === "string"
      ? await openInstance(source, options.writable ? SERVING_WRITABLE : SERVING)
      : source.instance;
  const closeInstance = () => {
    if (typeof source === "string") instance.closeSync();
  };
  let pool: Pool;
  let writer: StoreWriter | null = null;
  let webhooks: WebhookService | null = null;
  let journal: ClickJournal | null = null;
  let replayedClicks = 0;
  // The tests' in-memory fixture is never written: what it lacks is built in memory, silently.
  const log = typeof source === "string" ? (message: string) => console.log(`[platform] ${message}`) : () => {};
  let conversions: { schema: string; source: ConversionSource };
  try {
    if (typeof source === "string") await requireCompleteSeed(instance, source);
    // A writable platform's writer keeps them in the file's transactions: stored whenever it is writable.
    conversions = await prepareDerived(instance, options.writable === true, log);
  } catch (err) {
    closeInstance();
    if (err instanceof IncompleteSeed) throw err;
    throw new NotAPlatformDatabase(err instanceof Error ? err.message : String(err), { cause: err });
  }
  try {
    pool = await createPool(instance, (i) => connectAsPlatform(i, conversions.schema), {
      size: options.poolSize ?? POOL_SIZE,
      maxWaiting: MAX_WAITING_STATEMENTS,
      maxWaitMs: MAX_WAIT_MS,
      timers: options.timers ?? realTimers,
    });
  } catch (err) {
    closeInstance();
    throw new NotAPlatformDatabase(err instanceof Error ? err.message : String(err), { cause: err });
  }
  const clickhouse = options.clickhouse ?? null;
  let rollups: { schema: string; source: RollupSource } | null = null;
  try {
    if (!clickhouse) rollups = await openRollups(pool, options.writable === true && typeof source === "string", log);
  } catch (err) {
    pool.close();
    closeInstance();
    throw new NotAPlatformDatabase(err instanceof Error ? err.message : String(err), { cause: err });
  }
  const store: Store = {
    db: pool,
    rollups: rollups?.schema ?? null,
    links: new LinkCache(),
    customers: new CustomerCache(),
    conversionClicks: new ConversionClickCache(),
    spans: new EventSpans(),
    clickhouse,
  };
  try {
    if (options.writable) {
      writer = await openStoreWriter(
        () => connectAsPlatform(instance, conversions.schema),
        store,
        options.rollupCompactEvery,
        clickhouse && clickHouseMirror(clickhouse),
      );
      await createDeferredLeadTables(writer);
      webhooks = await startWebhooks({
        connect: () => connectAsPlatform(instance, conversions.schema),
        writer,
        now: options.now ?? (() => new Date()),
        timers: options.timers ?? realTimers,
        send: options.send,
      });
      if (typeof source === "string" && options.clickJournal !== false) {
        // After the webhooks' hook: replayed clicks get their deliveries like any other.
        journal = await ClickJournal.open(clickJournalPath(source));
        replayedClicks = await replayClicks(writer, journal);
        writer.useJournal(journal);
      }
      // After the replay (which records in the file the journal's clicks ClickHouse holds): what ClickHouse holds still that the file lacks was never answered.
      await writer.settleMirror();
    }
  } catch (err) {
    webhooks?.stop();
    void journal?.close();
    writer?.close();
    pool.close();
    closeInstance();
    throw new NotAPlatformDatabase(err instanceof Error ? err.message : String(err), { cause: err });
  }
  let closed = false;
  return {
    store,
    writer,
    webhooks,
    replayedClicks,
    rollupSource: rollups?.source ?? null,
    conversionSource: conversions.source,
    poolStats: () => pool.stats(),
    drain: () => writer?.caughtUp() ?? Promise.resolve(),
    finish: async () => {
      webhooks?.dispatcher.stop();
      await webhooks?.dispatcher.idle();
      await writer?.caughtUp();
    },
    connect: () => connectAsPlatform(instance, conversions.schema),
    close() {
      if (closed) return;
      closed = true;
      webhooks?.stop();
      void journal?.close();
      writer?.close();
      pool.close();
      closeInstance();
    },
  };
}
