import type { DuckDBConnection } from "@duckdb/node-api";
import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { DERIVED_SCHEMA, rollupCompactionSql, rollupRemovalSql, rollupStagedSql } from "../query/analyticsRollupBuild";
import { EVENT_TABLE } from "../query/eventTables";
import { stateDeltaSql } from "../query/rollupState";
import type { Row, SqlValues } from "../query/db";
import type { Store } from "../query/store";
import {
  CLICK_COUNTERS_SQL,
  clickAppendRow,
  clickCountersValues,
  CONVERSION_COUNTERS_SQL,
  conversionCountersValues,
  insertLeadsSql,
  insertSalesSql,
  insertLeadsValues,
  insertSalesValues,
  type ClickRow,
  type ConversionEvent,
  type EventRow,
  type LeadRow,
  type SaleRow,
} from "./eventRows";
import type { ClickJournal } from "./clickJournal";
import { keepConversionClicks, removeLinkConversionClicks } from "./conversionClickWrites";
import { mirrorEvents, mirrorLinkRemoval, type EventMirror } from "./eventMirrorStep";
import { settleMirror } from "./mirrorSettle";
import { GroupCommit, type RunBatch } from "./groupCommit";
import { JournalCopy } from "./journalCopy";
import { RecentClicks } from "./recentClicks";
import { SerialQueue } from "./serialQueue";
import { timedConn } from "./statementTimer";
import { inTransaction, writeConn, type WriteConn } from "./writeConn";
import { commitFile, type CommittedWrite, type OpenFileTransaction } from "./writePhase";

/**
 * What a write may do inside its transaction: read what it needs to decide, write records, and
 * record events (their rows and their link's counters; the derived state follows after commit).
 */
export interface WriteTx {
  all(sql: string, values?: SqlValues): Promise<Row[]>;
  run(sql: string, values?: SqlValues): Promise<void>;
  /** A read or a write sent with every batch, prepared once (WriteConn.allPrepared, runPrepared): filtered scans only, no joins. */
  readPrepared(sql: string, values?: SqlValues): Promise<Row[]>;
  runPrepared(sql: string, values?: SqlValues): Promise<void>;
  recordClick(row: ClickRow): Promise<void>;
  /** Many clicks as one insert and one update of their links' counters. */
  /** `rows` recorded; those in `mirrored` are in the event mirror already (a replay after a kill), so they are not sent there again. */
  recordClicks(rows: readonly ClickRow[], mirrored?: ReadonlySet<string>): Promise<void>;
  recordLead(row: LeadRow): Promise<void>;
  recordSale(row: SaleRow): Promise<void>;
  /**
   * A batch's leads and sales, in the order decided: their clicks made conversion clicks, one
   * insert per kind and one update of their links' counters, the hooks told once.
   */
  recordConversions(events: readonly ConversionEvent[]): Promise<void>;
  /** The workspace's click of this id when the writer committed it lately (recentClicks.ts); else it is in the store, or nowhere. */
  recentClick(workspaceId: string, id: string): ClickRow | undefined;
  /**
   * A link's row as `keepLink` kept it (what a lead's or sale's reply shows of its link), while
   * no write changed the links since: the writer is the links' only writer.
   */
  keptLink(id: string): Row | undefined;
  keepLink(id: string, row: Row): void;
}

/**
 * Whether a committed transaction wrote the links or the domains (what the resolver's tables
 * hold): noticed from the statements run through WriteTx.run, whatever wrote them.
 */
export interface LinkChange {
  links: boolean;
  domains: boolean;
}

/** The most committed events that wait for the rollups (rollUp) while other writes wait for their turn. */
export const ROLLUP_BATCH = 2000;
/**
 * The longest committed events wait for the rollups when no read asks for them (a read catches them up
 * first: caughtUp). Under load a catch-up costs the writer's turn about as much whatever its events, so
 * fewer of them leave more turns to the writes.
 */
export const ROLLUP_DELAY_MS = 1000;

/** The most links' rows the writer keeps for tracking replies (keepLink). */
const KEPT_LINKS = 10_000;

/** Events between two foldings of the rollups' delta rows. */
export const COMPACT_EVERY = 20_000;

/** What else happens when events are written: inside the event's transaction (so it commits or rolls back with it), and after commit. */
export interface WriteHook {
  /** Every event recorded in the transaction so far that the hook has not seen, in order (a batch of clicks at once). */
  recorded(tx: WriteTx, events: readonly EventRow[]): Promise<void>;
  committed(events: readonly EventRow[]): void;
}

/** A statement that writes the links or the domains (what the resolver's tables hold). */
const WRITES_LINKS = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+links\b/i;
const WRITES_DOMAINS = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+domains\b/i;
/** A customer changed or gone (one created is in no cache yet): the cached customers (query/customerCache.ts) may be stale. */
const CHANGES_CUSTOMERS = /\b(?:UPDATE|DELETE\s+FROM)\s+customers\b/i;
const WRITES_WEBHOOKS = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+webhooks\b/i;

/**
 * The derived (in-memory) database's tables a batch of events is staged in, for the rollups to
 * read (each of its event table's columns). Staged outside the rollups' transaction: a DuckDB
 * transaction writes to one database only, and the rollups are the file's (../query/rollupStore.ts).
 */
const STAGED: Record<EventKind, string> = { clicks: "staged_clicks", leads: "staged_leads", sales: "staged_sales" };

/**
 * The store's one writer. Writes run one at a time, each in one transaction of the file, so a
 * write that decides from what it reads (a customer's first sale, an invoice seen before) never
 * races another. Each goes through the phases of ./writePhase.ts: the write's work and the
 * mirror's copy (./eventMirrorStep.ts) while the file's transaction is open, then, with the
 * committed write only, the derived state and the hooks. The derived state (../openPlatform.ts)
 * is kept exact without reopening:
 * - a lead's or sale's click is copied into the conversion clicks (kept in the file) before the
 *   event is written, in its transaction (./conversionClickWrites.ts);
 * - after commit, the event's rows are added to every rollup, with the rollups' state (what they
 *   hold: ../query/rollupState.ts), in one transaction of their own (a read in between may miss
 *   an event for those few milliseconds, never count it twice; a stop in between leaves a state
 *   that does not match the events, and the next open builds the rollups again), its workspace's
 *   span grows, and its link's cached record (counters changed) is dropped.
 * A write that fails is rolled back and leaves the derived state as it was.
 *
 * The hot writes (visits' clicks, tracked leads and sales, webhook outcomes) go through group
 * commit (recordClick, batched; groupCommit.ts): those that arrive while a transaction runs share
 * the next one, and each caller is answered once it committed. DuckDB syncs its log on commit, so
 * an answered write survives a kill -9. A batch of clicks is one insert and one update of its
 * links' counters; the rollups take it from a copy staged in the derived database. With a click
 * journal, visits' clicks reach the group commit through its hand-off (./journalCopy.ts).
 */
export class StoreWriter {
  private readonly queue = new SerialQueue();
  private readonly hooks: WriteHook[] = [];
  private readonly linkListeners: ((change: LinkChange) => void)[] = [];
  private readonly webhookListeners: (() => void)[] = [];
  private readonly group = new GroupCommit<WriteTx>(
    (work) => this.transact(work),
    (tx, rows) => tx.recordClicks(rows),
  );
  /** Events added to the rollups since they were last folded. */
  private sinceCompaction = 0;
  /**
   * The earliest event (epoch ms) added to the rollups since they were last folded: the fold
   * rewrites the slots from there on, not every row (at 10M clicks the rollups hold 16.6M rows);
   * null after a deletion, whose subtractions may be in any slot.
   */
  private foldFrom: number | null = Number.POSITIVE_INFINITY;
  private journalCopy: JournalCopy | null = null;
  private readonly recent = new RecentClicks();
  /** Links' rows kept by keepLink (conversionClick.ts), dropped whenever a write touches the links. */
  private readonly keptLinks = new Map<string, Row>();
  /** Committed events the rollups have not taken yet (rollUp), in order. */
  private unrolled: EventRow[] = [];
  private rollUpTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** Writes the file. */
    private readonly file: WriteConn,
    /** Writes the derived database, outside the file's transaction. */
    private readonly derived: WriteConn,
    private readonly store: Store,
    private readonly closeConnections: () => void,
    /** How many events' deltas the rollups take before they are folded back to a row per key. */
    private readonly compactEvery = COMPACT_EVERY,
    private readonly mirror: EventMirror | null = null,
  ) {}

  /** Adds a hook to every later write (the webhook queue). */
  hook(hook: WriteHook): void {
    this.hooks.push(hook);
  }

  /** Tells `listener` what links and domains each committed write changed (the resolver's tables). */
  onLinkChange(listener: (change: LinkChange) => void): void {
    this.linkListeners.push(listener);
  }

  /**
   * Tells `listener` when a statement writing the receivers (webhooks) is about to run, and again
   * when its transaction ended (committed or rolled back): what was read of them meanwhile may be stale.
   */
  onWebhooksWrite(listener: () => void): void {
    this.webhookListeners.push(listener);
  }

  /**
   * Journals the visits' clicks from now on (clickJournal.ts): recordClick resolves once a click
   * is in the journal, and the click goes on to the store's next group commit without being waited for.
   */
  useJournal(journal: ClickJournal): void {
    this.journalCopy = new JournalCopy(journal, (row) => this.group.click(row));
  }

  /**
   * A visit's click, durable when this resolves: in the journal when there is one (then copied into
   * the store's next group commit), else in the store's next group commit, once that committed.
   * A journal that cannot be written falls back to the latter.
   */
  recordClick(row: ClickRow): Promise<void> {
    const copy = this.journalCopy;
    if (!copy) return this.group.click(row);
    return copy.journal.append(row).then(
      () => {
        const copied = copy.handOver(row);
        // The store falling behind: this visit waits for its click's commit, so the backlog stays bounded.
        if (copy.behind) return copied;
      },
      () => this.group.click(row),
    );
  }

  /**
   * Resolves once every click journaled so far is in the store and its derived state: a read that
   * waits for this sees every visit answered before it began. A write (`rollups: false`) waits for
   * the clicks only: it reads nothing of the rollups, which take its events in a later turn
   * (ROLLUP_DELAY_MS) together with those of other writes.
   */
  async caughtUp({ rollups = true }: { rollups?: boolean } = {}): Promise<void> {
    if (this.journalCopy) await this.journalCopy.caughtUp();
    if (rollups && this.unrolled.length > 0) await this.rollUpInTurn();
  }

  /** The waiting events into the rollups, in the writer's turn; a failure is logged, as when a write's own rollup update failed (the events are in the file, the rollups miss them). */
  private rollUpInTurn(): Promise<void> {
    return this.queue
      .run(() => this.rollUp(true))
      .catch((err: unknown) => {
        console.error("[platform] the rollups could not take the latest events:", err);
      });
  }

  /** Resolves once no group-committed write waits or runs: what yields to the writes (the webhook sender) waits for this. */
  groupsIdle(): Promise<void> {
    return this.group.idle();
  }

  /** Whether a group-committed write waits or runs. */
  get groupsBusy(): boolean {
    return this.group.busy;
  }

  /**
   * `work` in the next group commit, beside other writes that arrived meanwhile (see
   * groupCommit.ts: an ApiError it throws must come before it writes anything).
   */
  batched<T>(work: (tx: WriteTx) => Promise<T>): Promise<T> {
    return this.group.run(work);
  }

  /**
   * `request` in the next group commit, decided and written by `run` together with the group's
   * other requests for the same `run` (tracked leads and sales: ./trackGroup.ts), a few
   * statements for all of them.
   */
  batch<Req, Res>(run: RunBatch<WriteTx, Req, Res>, request: Req): Promise<Res> {
    return this.group.batch(run, request);
  }

  /** Runs `work` alone among writes, in one transaction; then brings the derived state up to date with the events it recorded. */
  transact<T>(work: (tx: WriteTx) => Promise<T>): Promise<T> {
    return this.queue.run(() => this.transactNow(work));
  }

  /**
   * Runs `work`, which deletes link `linkId` of `workspaceId` and every event of it, alone among
   * writes; then takes those events out of the derived state. They are copied aside first (the
   * derived database cannot read them once the file's transaction removed them), and subtracted
   * from every rollup after commit; the link's conversion clicks go too. A failed `work` leaves
   * everything as it was.
   */
  removeLink<T>(workspaceId: string, linkId: string, work: (tx: WriteTx) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      // The events awaiting the rollups first: a deleted link's are subtracted from rollups that hold them.
      await this.rollUp(true);
      const schema = this.store.rollups;
      const staged = (kind: EventKind) => `${DERIVED_SCHEMA}.removed_${kind}`;
      const values = { ws: workspaceId, link_id: linkId };
      try {
        if (schema) {
          for (const kind of EVENT_KINDS) {
            await this.derived.run(
              `CREATE OR REPLACE TABLE ${staged(kind)} AS SELECT * FROM ${EVENT_TABLE[kind]} WHERE workspace_id = $ws AND link_id = $link_id`,
              values,
            );
          }
        }
        const result = await this.transactNow(work, async (open) => {
          // Kept on either store, rollups or not (a webhook's envelope reads them).
          await removeLinkConversionClicks(this.file, workspaceId, linkId);
          await mirrorLinkRemoval(open, this.mirror, workspaceId, linkId);
        });
        if (schema)
          await inTransaction(this.derived, async () => {
            for (const kind of EVENT_KINDS) {
              for (const sql of rollupRemovalSql(schema, kind, staged(kind))) await this.derived.run(sql);
              await this.derived.run(stateDeltaSql(schema, kind, staged(kind), -1));
            }
          });
        // Its subtractions may be in any slot: the next fold goes over every one.
        this.foldFrom = null;
        this.store.links.invalidate(linkId);
        this.recent.forget();
        return result;
      } finally {
        if (schema) for (const kind of EVENT_KINDS) await this.derived.run(`DROP TABLE IF EXISTS ${staged(kind)}`);
      }
    });
  }

  /** The events the mirror holds that the file never committed, taken out of it (./mirrorSettle.ts); how many. */
  settleMirror(): Promise<number> {
    const mirror = this.mirror;
    return mirror ? this.transact((tx) => settleMirror(tx, mirror)) : Promise.resolve(0);
  }

  /** Which of these clicks (none earlier than `from`) the event mirror holds already; none without a mirror. */
  mirrorHolds(ids: readonly string[], from: Date): Promise<ReadonlySet<string>> {
    return this.mirror ? this.mirror.heldClicks(ids, from) : Promise.resolve(new Set());
  }

  /** `work` in one transaction of the file, then, once it committed, what follows a commit. `inFile` runs last inside the transaction (a mirror's step). */
  private async transactNow<T>(
    work: (tx: WriteTx) => Promise<T>,
    inFile: (open: OpenFileTransaction) => Promise<void> = async () => {},
  ): Promise<T> {
    const events: EventRow[] = [];
    const mirroredAlready = new Set<string>();
    const change: LinkChange = { links: false, domains: false };
    let webhooksWritten = false;
    let customersChanged = false;
    const noticeWrites = (sql: string) => {
      if (CHANGES_CUSTOMERS.test(sql)) customersChanged = true;
      if (WRITES_LINKS.test(sql)) change.links = true;
      if (WRITES_DOMAINS.test(sql)) change.domains = true;
      if (WRITES_WEBHOOKS.test(sql)) {
        webhooksWritten = true;
        for (const listener of this.webhookListeners) listener();
      }
    };
    const recorded = async (batch: EventRow[]) => {
      for (const hook of this.hooks) await hook.recorded(tx, batch);
      events.push(...batch);
    };
    const recordConversions = async (batch: readonly ConversionEvent[]) => {
      if (batch.length === 0) return;
      // Their clicks made conversion clicks first, in this transaction (on either store: a webhook's envelope reads them).
      await keepConversionClicks(this.file, this.recent, events, batch);
      const leads = batch.flatMap((event) => (event.kind === "leads" ? [event.row] : []));
      const sales = batch.flatMap((event) => (event.kind === "sales" ? [event.row] : []));
      if (leads.length > 0) await this.file.runPrepared(insertLeadsSql("lead_events"), insertLeadsValues(leads));
      if (sales.length > 0) await this.file.runPrepared(insertSalesSql("sale_events"), insertSalesValues(sales));
      await this.file.runPrepared(CONVERSION_COUNTERS_SQL, conversionCountersValues(batch));
      await recorded([...batch]);
    };
    const tx: WriteTx = {
      all: (sql, values) => {
        noticeWrites(sql);
        return this.file.all(sql, values);
      },
      run: (sql, values) => {
        noticeWrites(sql);
        return this.file.run(sql, values);
      },
      readPrepared: (sql, values) => {
        noticeWrites(sql);
        return this.file.allPrepared(sql, values);
      },
      runPrepared: (sql, values) => {
        noticeWrites(sql);
        return this.file.runPrepared(sql, values);
      },
      recordClick: (row) => tx.recordClicks([row]),
      recordClicks: async (rows, mirrored) => {
        if (rows.length === 0) return;
        for (const id of mirrored ?? []) mirroredAlready.add(id);
        await this.file.append("click_events", null, rows.map(clickAppendRow));
        await this.file.runPrepared(CLICK_COUNTERS_SQL, clickCountersValues(rows));
        await recorded(rows.map((row) => ({ kind: "clicks", row })));
      },
      recordLead: (row) => recordConversions([{ kind: "leads", row }]),
      recordSale: (row) => recordConversions([{ kind: "sales", row }]),
      recordConversions,
      recentClick: (workspaceId, id) => this.recent.find(workspaceId, id),
      keptLink: (id) => (change.links ? undefined : this.keptLinks.get(id)),
      keepLink: (id, row) => {
        if (change.links) return;
        if (this.keptLinks.size >= KEPT_LINKS) this.keptLinks.clear();
        this.keptLinks.set(id, row);
      },
    };
    let committed: CommittedWrite<T>;
    try {
      committed = await commitFile(this.file, events, async (open) => {
        const out = await work(tx);
        await inFile(open);
        const toMirror =
          mirroredAlready.size === 0
            ? events
            : events.filter((event) => event.kind !== "clicks" || !mirroredAlready.has(event.row.id));
        await mirrorEvents(open, this.mirror, toMirror);
        return out;
      });
    } catch (err) {
      // Rolled back, with any conversion clicks it made: which clicks are ones is read from the store again.
      this.recent.forget();
      throw err;
    } finally {
      if (webhooksWritten) for (const listener of this.webhookListeners) listener();
      // Committed or rolled back, what was kept of the links may be stale now.
      if (change.links) this.keptLinks.clear();
      // Before the write's caller is answered: a read after it never sees a customer as it was.
      if (customersChanged) this.store.customers.changed();
    }
    if (change.links || change.domains) for (const listener of this.linkListeners) listener(change);
    await this.afterCommit(committed);
    for (const hook of this.hooks) hook.committed(committed.events);
    return committed.result;
  }

  /** The derived state brought up to date with a committed write's events (never with a write that may still roll back). */
  private async afterCommit({ events }: CommittedWrite<unknown>): Promise<void> {
    if (events.length > 0) {
      if (this.store.rollups) this.unrolled.push(...events);
      this.recent.committed(events.flatMap((event) => (event.kind === "clicks" ? [event.row] : [])));
      for (const { kind, row } of events) {
        this.store.spans.record(row.workspaceId, kind, row.timestamp);
        this.store.links.invalidate(row.linkId);
      }
    }
    await this.rollUp(false);
  }

  /**
   * Adds the committed events not yet in the rollups to them: at once when `now`, when no other
   * write waits for its turn, or when ROLLUP_BATCH of them wait; otherwise they wait for the next
   * write's turn (under load, several groups' events take one statement per rollup), at most
   * ROLLUP_DELAY_MS. A read waits for them first (caughtUp), so it counts every event answered before it.
   */
  private async rollUp(now: boolean): Promise<void> {
    const schema = this.store.rollups;
    if (!schema || this.unrolled.length === 0) return;
    if (!now && this.group.waiting > 0 && this.unrolled.length < ROLLUP_BATCH) {
      this.rollUpTimer ??= setTimeout(() => {
        this.rollUpTimer = null;
        void this.rollUpInTurn();
      }, ROLLUP_DELAY_MS);
      this.rollUpTimer.unref?.();
      return;
    }
    if (this.rollUpTimer) clearTimeout(this.rollUpTimer);
    this.rollUpTimer = null;
    const events = this.unrolled;
    this.unrolled = [];
    const kinds = EVENT_KINDS.filter((kind) => events.some((event) => event.kind === kind));
    const staged = (kind: EventKind) => `${DERIVED_SCHEMA}.${STAGED[kind]}`;
    try {
      // The batch itself, staged in memory, is what the rollups read: not found again among the file's events.
      for (const kind of kinds) {
        const rows = events.filter((event) => event.kind === kind).map((event) => event.row);
        if (kind === "clicks")
          await this.derived.append(STAGED[kind], DERIVED_SCHEMA, (rows as ClickRow[]).map(clickAppendRow));
        else if (kind === "leads")
          await this.derived.runPrepared(insertLeadsSql(staged(kind)), insertLeadsValues(rows as LeadRow[]));
        else await this.derived.runPrepared(insertSalesSql(staged(kind)), insertSalesValues(rows as SaleRow[]));
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
    if (this.sinceCompaction >= this.compactEvery) await this.compactRollups(schema);
  }

  /**
   * Folds the rollups' delta rows back to one row per key, so that they stay the size a reopen
   * would build (reads sum rows by key: more rows cost time). Runs in the write queue, between
   * writes: at 1M clicks, well under a second every COMPACT_EVERY events.
   */
  private async compactRollups(schema: string): Promise<void> {
    this.sinceCompaction = 0;
    const from = this.foldFrom;
    this.foldFrom = Number.POSITIVE_INFINITY;
    if (from === Number.POSITIVE_INFINITY) return;
    for (const statements of rollupCompactionSql(schema, from ?? undefined)) {
      await inTransaction(this.derived, async () => {
        for (const sql of statements) await this.derived.run(sql);
      });
    }
  }

  /** Closes the writer's connections; a write under way fails and is lost, as if the process had stopped. */
  close(): void {
    if (this.rollUpTimer) clearTimeout(this.rollUpTimer);
    this.closeConnections();
  }
}

/** The writer over two connections of the platform's own kind (UTC, conversion clicks in place). */
export async function openStoreWriter(
  connect: () => Promise<DuckDBConnection>,
  store: Store,
  compactEvery = COMPACT_EVERY,
  mirror: EventMirror | null = null,
): Promise<StoreWriter> {
  const file = await connect();
  let derived: DuckDBConnection;
  try {
    derived = await connect();
  } catch (err) {
    file.closeSync();
    throw err;
  }
  try {
    if (store.rollups)
      for (const kind of EVENT_KINDS)
        await derived.run(
          `CREATE OR REPLACE TABLE ${DERIVED_SCHEMA}.${STAGED[kind]} AS SELECT * FROM ${EVENT_TABLE[kind]} LIMIT 0`,
        );
  } catch (err) {
    file.closeSync();
    derived.closeSync();
    throw err;
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    file.closeSync();
    derived.closeSync();
  };
  return new StoreWriter(
    timedConn("file", writeConn(file)),
    timedConn("derived", writeConn(derived)),
    store,
    close,
    compactEvery,
    mirror,
  );
}
