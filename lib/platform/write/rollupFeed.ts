import type { DuckDBConnection } from "@duckdb/node-api";
import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { DERIVED_SCHEMA, rollupCompactionSql, rollupStagedSql } from "../query/analyticsRollupBuild";
import { EVENT_TABLE } from "../query/eventTables";
import { stateDeltaSql } from "../query/rollupState";
import {
  clickAppendRow,
  leadAppendRow,
  saleAppendRow,
  type ClickRow,
  type EventRow,
  type LeadRow,
  type SaleRow,
} from "./eventRows";
import { inTransaction, type WriteConn } from "./writeConn";

/**
 * The most committed events that wait for the rollups (rollUp) during a burst of writes. A catch-up
 * costs the writer's turn about as much whatever its events (the 20k seed under load: 130 to 350 ms
 * for the rollups' statements and their commit, the writes waiting meanwhile), so the fewer of them
 * during a burst, the more turns are left to the writes.
 */
export const ROLLUP_BATCH = 10_000;
/**
 * How often waiting events are looked at when no read asks for them (a read catches them up first:
 * caughtUp): taken then unless writes are still coming (`burst`), at most ROLLUP_MAX_DEFER_MS after
 * the first of them waited.
 */
export const ROLLUP_DELAY_MS = 1000;
/** The longest committed events wait for the rollups while writes keep coming. */
export const ROLLUP_MAX_DEFER_MS = 5000;

/** Events between two foldings of the rollups' delta rows. */
export const COMPACT_EVERY = 20_000;

/**
 * The derived (in-memory) database's tables a batch of events is staged in, for the rollups to
 * read (each of its event table's columns). Staged outside the rollups' transaction: a DuckDB
 * transaction writes to one database only, and the rollups are the file's (../query/rollupStore.ts).
 */
const STAGED: Record<EventKind, string> = { clicks: "staged_clicks", leads: "staged_leads", sales: "staged_sales" };

/** The staging tables (STAGED), made empty once when the writer opens. */
export async function createStagedTables(derived: DuckDBConnection): Promise<void> {
  for (const kind of EVENT_KINDS)
    await derived.run(
      `CREATE OR REPLACE TABLE ${DERIVED_SCHEMA}.${STAGED[kind]} AS SELECT * FROM ${EVENT_TABLE[kind]} LIMIT 0`,
    );
}

/**
 * The committed events on their way into the rollups of schema `schema`: kept until the writer's
 * turn adds them (rollUp), each batch staged in memory and added to every rollup, with the
 * rollups' state (what they hold: ../query/rollupState.ts), in one transaction of the derived
 * connection; the rollups' delta rows folded back every COMPACT_EVERY events.
 */
export class RollupFeed {
  /** Events added to the rollups since they were last folded. */
  private sinceCompaction = 0;
  /**
   * The earliest event (epoch ms) added to the rollups since they were last folded: the fold
   * rewrites the slots from there on, not every row (at 10M clicks the rollups hold 16.6M rows);
   * null after a deletion, whose subtractions may be in any slot.
   */
  private foldFrom: number | null = Number.POSITIVE_INFINITY;
  /** Committed events the rollups have not taken yet (rollUp), in order. */
  private unrolled: EventRow[] = [];
  /** When the first of `unrolled` began to wait (performance.now()). */
  private waitingSince = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly derived: WriteConn,
    private readonly schema: string,
    /** Runs the feed's rollUp(true) in the writer's turn (ROLLUP_DELAY_MS after events were left waiting). */
    private readonly inTurn: () => void,
    /** How many events' deltas the rollups take before they are folded back to a row per key. */
    private readonly compactEvery = COMPACT_EVERY,
    /** Whether writes are still coming (a burst): the waiting events wait on, up to ROLLUP_MAX_DEFER_MS. */
    private readonly burst: () => boolean = () => false,
  ) {}

  /** Whether committed events wait for the rollups. */
  get pending(): boolean {
    return this.unrolled.length > 0;
  }

  /** A committed write's events, to be added. */
  add(events: readonly EventRow[]): void {
    if (this.unrolled.length === 0) this.waitingSince = performance.now();
    this.unrolled.push(...events);
  }

  /** A deletion subtracted rows from the rollups (./linkRemoval.ts): the next fold goes over every slot. */
  subtracted(): void {
    this.foldFrom = null;
  }

  /**
   * Adds the committed events not yet in the rollups to them: at once when `now`, when the writes
   * are not in a burst (`writesWaiting` false), or when ROLLUP_BATCH of them wait; otherwise they
   * wait (under load, several groups' events take one statement per rollup), looked at every
   * ROLLUP_DELAY_MS and taken once the burst is over (`burst`), at most ROLLUP_MAX_DEFER_MS after
   * the first of them waited. A read waits for them first (caughtUp), so it counts every event
   * answered before it.
   */
  async rollUp(now: boolean, writesWaiting = false): Promise<void> {
    if (this.unrolled.length === 0) return;
    if (!now && writesWaiting && this.unrolled.length < ROLLUP_BATCH) {
      this.timer ??= this.lookAgain();
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const events = this.unrolled;
    this.unrolled = [];
    const schema = this.schema;
    const kinds = EVENT_KINDS.filter((kind) => events.some((event) => event.kind === kind));
    const staged = (kind: EventKind) => `${DERIVED_SCHEMA}.${STAGED[kind]}`;
    try {
      // The batch itself, staged in memory, is what the rollups read: not found again among the file's events.
      for (const kind of kinds) {
        const rows = events.filter((event) => event.kind === kind).map((event) => event.row);
        if (kind === "clicks")
          await this.derived.append(STAGED[kind], DERIVED_SCHEMA, (rows as ClickRow[]).map(clickAppendRow));
        else if (kind === "leads")
          await this.derived.append(STAGED[kind], DERIVED_SCHEMA, (rows as LeadRow[]).map(leadAppendRow));
        else await this.derived.append(STAGED[kind], DERIVED_SCHEMA, (rows as SaleRow[]).map(saleAppendRow));
      }
      // Not prepared: a prepared INSERT … SELECT into a table of the file, run again, wrote garbage
      // strings (DuckDB 1.5.6: "link" became "lin\0" or another value's bytes); planned each time, it does not.
      // Every rollup's insert and the state's delta go as one request to DuckDB: one round trip instead of one
      // per rollup (each waits for the main thread under load), for planning them afresh (a few ms in all).
      const statements = kinds.flatMap((kind) => [
        ...rollupStagedSql(schema, kind, staged(kind)),
        stateDeltaSql(schema, kind, staged(kind), 1),
      ]);
      await inTransaction(this.derived, () => this.derived.run(statements.join(";\n")));
    } finally {
      for (const kind of kinds) await this.derived.runPrepared(`DELETE FROM ${staged(kind)}`);
    }
    this.sinceCompaction += events.length;
    for (const { row } of events)
      if (this.foldFrom !== null) this.foldFrom = Math.min(this.foldFrom, row.timestamp.getTime());
    if (this.sinceCompaction >= this.compactEvery) await this.compact();
  }

  /**
   * Folds the rollups' delta rows back to one row per key, so that they stay the size a reopen
   * would build (reads sum rows by key: more rows cost time). Runs in the write queue, between
   * writes: at 1M clicks, well under a second every COMPACT_EVERY events.
   */
  private async compact(): Promise<void> {
    this.sinceCompaction = 0;
    const from = this.foldFrom;
    this.foldFrom = Number.POSITIVE_INFINITY;
    if (from === Number.POSITIVE_INFINITY) return;
    for (const statements of rollupCompactionSql(this.schema, from ?? undefined)) {
      await inTransaction(this.derived, async () => {
        for (const sql of statements) await this.derived.run(sql);
      });
    }
  }

  /** The timer that looks at the waiting events again: taken in the writer's turn unless the burst goes on (and they may still wait). */
  private lookAgain(): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timer = null;
      if (this.unrolled.length === 0) return;
      const waited = performance.now() - this.waitingSince;
      if (this.burst() && waited + ROLLUP_DELAY_MS <= ROLLUP_MAX_DEFER_MS) this.timer = this.lookAgain();
      else this.inTurn();
    }, ROLLUP_DELAY_MS);
    timer.unref?.();
    return timer;
  }

  /** Stops the pending timer (the writer closes). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
