import type { Row } from "../query/db";
import type { Store } from "../query/store";
import type { ClickJournal } from "./clickJournal";
import type { ClickRow } from "./eventRows";
import { removeLinkConversionClicks } from "./conversionClickWrites";
import { mirrorEvents, mirrorLinkRemoval, type EventMirror } from "./eventMirrorStep";
import { FileTransactionTx } from "./fileTransactionTx";
import { GroupCommit, type RunBatch } from "./groupCommit";
import { JournalCopy } from "./journalCopy";
import { LinkRemovalStaging } from "./linkRemovalStaging";
import { settleMirror } from "./mirrorSettle";
import { RecentClicks } from "./recentClicks";
import { COMPACT_EVERY, RollupFeed } from "./rollupFeed";
import { SerialQueue } from "./serialQueue";
import type { WriteConn } from "./writeConn";
import { commitFile, type CommittedWrite, type OpenFileTransaction } from "./writePhase";
import { WrittenTables } from "./writtenTables";
import type { LinkChange, WriteHook, WriteTx } from "./writeTx";

/**
 * Group commits (visits' clicks, tracking calls) that begin within this long of the last one
 * committed are a burst: the rollups' catch-up (a few hundred milliseconds of the writer's turn
 * and of the cores) waits for its end (rollupFeed.ts). Under 32 tracking callers a group begins a
 * few milliseconds after the last committed; a lone write finds the writer idle for longer, and
 * its events go into the rollups at once.
 */
export const BURST_GAP_MS = 100;

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
    (work) => this.queue.run(() => this.transactNow(work, undefined, true)),
    (tx, rows) => tx.recordClicks(rows),
  );
  private journalCopy: JournalCopy | null = null;
  private readonly recent = new RecentClicks();
  /** Links' rows kept by keepLink (conversionClick.ts), dropped whenever a write touches the links. */
  private readonly keptLinks = new Map<string, Row>();
  /** The committed events on their way into the rollups; null without rollups. */
  private readonly rollups: RollupFeed | null;
  /** When the latest group commit committed (performance.now()): groups closer together than BURST_GAP_MS are a burst. */
  private lastGroupCommittedAt = Number.NEGATIVE_INFINITY;

  constructor(
    /** Writes the file. */
    private readonly file: WriteConn,
    /** Writes the derived database, outside the file's transaction. */
    private readonly derived: WriteConn,
    private readonly store: Store,
    private readonly closeConnections: () => void,
    /** How many events' deltas the rollups take before they are folded back to a row per key. */
    compactEvery = COMPACT_EVERY,
    private readonly mirror: EventMirror | null = null,
  ) {
    this.rollups = store.rollups
      ? new RollupFeed(
          derived,
          store.rollups,
          () => void this.rollUpInTurn(),
          compactEvery,
          () => this.group.busy || performance.now() - this.lastGroupCommittedAt < BURST_GAP_MS,
        )
      : null;
  }

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
    if (rollups && this.rollups?.pending) await this.rollUpInTurn();
  }

  /** The waiting events into the rollups, in the writer's turn; a failure is logged, as when a write's own rollup update failed (the events are in the file, the rollups miss them). */
  private rollUpInTurn(): Promise<void> {
    return this.queue
      .run(async () => this.rollups?.rollUp(true))
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
      await this.rollups?.rollUp(true);
      const removal = new LinkRemovalStaging(this.derived, this.store.rollups, workspaceId, linkId);
      try {
        await removal.stage();
        const result = await this.transactNow(work, async (open) => {
          // Kept on either store, rollups or not (a webhook's envelope reads them).
          await removeLinkConversionClicks(this.file, workspaceId, linkId);
          await mirrorLinkRemoval(open, this.mirror, workspaceId, linkId);
        });
        await removal.subtract();
        this.rollups?.subtracted();
        this.store.links.invalidate(linkId);
        this.recent.forget();
        return result;
      } finally {
        await removal.drop();
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
    /** A group commit's (visits, tracking calls): one of a burst when it began right after the last one committed. */
    grouped = false,
  ): Promise<T> {
    const written = new WrittenTables(() => {
      for (const listener of this.webhookListeners) listener();
    });
    const tx = new FileTransactionTx(this.file, this.recent, this.keptLinks, this.hooks, written);
    // In a burst (writes waiting, or this group began right after the last one committed), the rollups wait for more events.
    const burst = grouped && performance.now() - this.lastGroupCommittedAt < BURST_GAP_MS;
    let committed: CommittedWrite<T>;
    try {
      committed = await commitFile(this.file, tx.events, async (open) => {
        const out = await work(tx);
        await inFile(open);
        await mirrorEvents(open, this.mirror, tx.eventsToMirror());
        return out;
      });
    } catch (err) {
      // Rolled back, with any conversion clicks it made: which clicks are ones is read from the store again.
      this.recent.forget();
      throw err;
    } finally {
      if (written.webhooks) for (const listener of this.webhookListeners) listener();
      // Committed or rolled back, what was kept of the links may be stale now.
      if (written.links) this.keptLinks.clear();
      // Before the write's caller is answered: a read after it never sees a customer as it was.
      if (written.customers) this.store.customers.changed();
    }
    if (written.links || written.domains) {
      const change: LinkChange = { links: written.links, domains: written.domains };
      for (const listener of this.linkListeners) listener(change);
    }
    if (grouped) this.lastGroupCommittedAt = performance.now();
    await this.afterCommit(committed, burst);
    for (const hook of this.hooks) hook.committed(committed.events);
    return committed.result;
  }

  /** The derived state brought up to date with a committed write's events (never with a write that may still roll back). */
  private async afterCommit({ events }: CommittedWrite<unknown>, burst: boolean): Promise<void> {
    if (events.length > 0) {
      this.rollups?.add(events);
      this.recent.committed(events.flatMap((event) => (event.kind === "clicks" ? [event.row] : [])));
      for (const { kind, row } of events) {
        this.store.spans.record(row.workspaceId, kind, row.timestamp);
        this.store.links.invalidate(row.linkId);
      }
    }
    await this.rollups?.rollUp(false, burst || this.group.waiting > 0);
  }

  /** Closes the writer's connections; a write under way fails and is lost, as if the process had stopped. */
  close(): void {
    this.rollups?.close();
    this.closeConnections();
  }
}
