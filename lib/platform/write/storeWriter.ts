import { listValue, type DuckDBConnection } from "@duckdb/node-api";
import { EVENT_KINDS } from "../../contract/dimensions";
import { rollupCompactionSql, rollupDeltaSql } from "../query/analyticsRollupBuild";
import { addConversionClickSql } from "../query/conversionClicks";
import type { Row, SqlValues } from "../query/db";
import type { Store } from "../query/store";
import { eventStatements, timestampValue, type ClickRow, type EventRow, type LeadRow, type SaleRow } from "./eventRows";
import { SerialQueue } from "./serialQueue";
import { inTransaction, writeConn, type WriteConn } from "./writeConn";

/**
 * What a write may do inside its transaction: read what it needs to decide, write records, and
 * record events (their rows and their link's counters; the derived state follows after commit).
 */
export interface WriteTx {
  all(sql: string, values?: SqlValues): Promise<Row[]>;
  run(sql: string, values?: SqlValues): Promise<void>;
  recordClick(row: ClickRow): Promise<void>;
  recordLead(row: LeadRow): Promise<void>;
  recordSale(row: SaleRow): Promise<void>;
}

/** Events between two foldings of the rollups' delta rows. */
export const COMPACT_EVERY = 20_000;

/** What else happens when events are written: inside the event's transaction (so it commits or rolls back with it), and after commit. */
export interface WriteHook {
  recorded(tx: WriteTx, event: EventRow): Promise<void>;
  committed(events: readonly EventRow[]): void;
}

/**
 * The store's one writer. Writes run one at a time, each in one transaction of the file, so a
 * write that decides from what it reads (a customer's first sale, an invoice seen before) never
 * races another. The derived state (../openPlatform.ts) is kept exact without reopening:
 * - a lead's or sale's click is copied into the conversion clicks before the event is written;
 * - after commit, the event's rows are added to every rollup (in one transaction of the derived
 *   database: DuckDB lets a transaction write to one database only, so a read in between may
 *   miss an event for those few milliseconds, never count it twice), its workspace's span grows,
 *   and its link's cached record (counters changed) is dropped.
 * A write that fails is rolled back and leaves the derived state as it was (an extra conversion
 * click at most, which nothing counts).
 */
export class StoreWriter {
  private readonly queue = new SerialQueue();
  private readonly hooks: WriteHook[] = [];
  /** Events added to the rollups since they were last folded. */
  private sinceCompaction = 0;

  constructor(
    /** Writes the file. */
    private readonly file: WriteConn,
    /** Writes the derived database, outside the file's transaction. */
    private readonly derived: WriteConn,
    private readonly store: Store,
    private readonly closeConnections: () => void,
    /** How many events' deltas the rollups take before they are folded back to a row per key. */
    private readonly compactEvery = COMPACT_EVERY,
  ) {}

  /** Adds a hook to every later write (the webhook queue). */
  hook(hook: WriteHook): void {
    this.hooks.push(hook);
  }

  /** Runs `work` alone among writes, in one transaction; then brings the derived state up to date with the events it recorded. */
  transact<T>(work: (tx: WriteTx) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      const events: EventRow[] = [];
      const record = async (event: EventRow) => {
        for (const [sql, values] of eventStatements(event)) await this.file.run(sql, values);
        for (const hook of this.hooks) await hook.recorded(tx, event);
        events.push(event);
      };
      const conversion = async (row: LeadRow) => {
        if (this.store.rollups) await this.derived.run(addConversionClickSql(this.store.rollups), { ws: row.workspaceId, click_id: row.clickId });
      };
      const tx: WriteTx = {
        all: (sql, values) => this.file.all(sql, values),
        run: (sql, values) => this.file.run(sql, values),
        recordClick: (row) => record({ kind: "clicks", row }),
        recordLead: async (row) => {
          await conversion(row);
          await record({ kind: "leads", row });
        },
        recordSale: async (row) => {
          await conversion(row);
          await record({ kind: "sales", row });
        },
      };
      const result = await inTransaction(this.file, () => work(tx));
      await this.afterCommit(events);
      for (const hook of this.hooks) hook.committed(events);
      return result;
    });
  }

  private async afterCommit(events: readonly EventRow[]): Promise<void> {
    if (events.length === 0) return;
    const schema = this.store.rollups;
    if (schema) {
      await inTransaction(this.derived, async () => {
        for (const kind of EVENT_KINDS) {
          const rows = events.filter((event) => event.kind === kind).map((event) => event.row);
          if (rows.length === 0) continue;
          const times = rows.map((row) => row.timestamp.getTime());
          const values = { ids: listValue(rows.map((row) => row.id)), from: timestampValue(new Date(Math.min(...times))), to: timestampValue(new Date(Math.max(...times))) };
          for (const sql of rollupDeltaSql(schema, kind)) await this.derived.run(sql, values);
        }
      });
      this.sinceCompaction += events.length;
      if (this.sinceCompaction >= this.compactEvery) await this.compactRollups(schema);
    }
    for (const { kind, row } of events) {
      this.store.spans.record(row.workspaceId, kind, row.timestamp);
      this.store.links.invalidate(row.linkId);
    }
  }

  /**
   * Folds the rollups' delta rows back to one row per key, so that they stay the size a reopen
   * would build (reads sum rows by key: more rows cost time). Runs in the write queue, between
   * writes: at 1M clicks, well under a second every COMPACT_EVERY events.
   */
  private async compactRollups(schema: string): Promise<void> {
    this.sinceCompaction = 0;
    for (const statements of rollupCompactionSql(schema)) {
      await inTransaction(this.derived, async () => {
        for (const sql of statements) await this.derived.run(sql);
      });
    }
  }

  /** Closes the writer's connections; a write under way fails and is lost, as if the process had stopped. */
  close(): void {
    this.closeConnections();
  }
}

/** The writer over two connections of the platform's own kind (UTC, conversion clicks in place). */
export async function openStoreWriter(connect: () => Promise<DuckDBConnection>, store: Store, compactEvery = COMPACT_EVERY): Promise<StoreWriter> {
  const file = await connect();
  let derived: DuckDBConnection;
  try {
    derived = await connect();
  } catch (err) {
    file.closeSync();
    throw err;
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    file.closeSync();
    derived.closeSync();
  };
  return new StoreWriter(writeConn(file), writeConn(derived), store, close, compactEvery);
}
