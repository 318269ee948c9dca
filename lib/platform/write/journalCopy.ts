import type { ClickJournal } from "./clickJournal";
import type { ClickRow } from "./eventRows";
import { MAX_GROUP } from "./groupCommit";

/**
 * Journaled clicks that may wait for the store at most; past it, visits wait for their click's
 * commit (as without a journal) until the store catches up. Two full groups: the store keeps
 * ingesting at its best batch size while reads stay at most a couple of commits behind.
 */
export const MAX_BACKLOG = 2 * MAX_GROUP;

/** How a journaled click's copy into the store ended: the only thing that settles it in the journal. */
type CopyOutcome = { committed: true } | { committed: false; error: unknown };

/**
 * The journal's hand-off to the store. The order it keeps, for each visit's click:
 * 1. appended to the journal (the visit may be answered: the click survives a kill -9);
 * 2. handed over to the store's next group commit (`handOver`), counted;
 * 3. settled in the journal once that commit's outcome is known, never before (`settle` takes
 *    only the outcome of the click's own commit): committed, or failed and left to the next
 *    start's replay;
 * and `caughtUp` resolves once every click handed over before it was asked is settled.
 */
export class JournalCopy {
  /** Clicks handed to the group commit, and those of them settled. */
  private handedOver = 0;
  private settledCount = 0;
  private catchingUp: { target: number; done(): void }[] = [];

  constructor(
    readonly journal: ClickJournal,
    /** The store's group commit of one click: resolves once its batch committed. */
    private readonly commitClick: (row: ClickRow) => Promise<void>,
  ) {}

  /** Whether the store is more than MAX_BACKLOG clicks behind the journal: then a visit waits for its click's commit. */
  get behind(): boolean {
    return this.handedOver - this.settledCount > MAX_BACKLOG;
  }

  /** Hands a journaled click to the store's next group commit; resolves (never rejects) once its outcome is settled in the journal. */
  handOver(row: ClickRow): Promise<void> {
    this.handedOver += 1;
    return this.commitClick(row).then(
      () => this.settle({ committed: true }),
      (error: unknown) => {
        // Still in the journal: the next start's replay writes it.
        console.error(
          `[platform] click ${row.id} is journaled but could not be written to the store:`,
          error instanceof Error ? error.message : error,
        );
        this.settle({ committed: false, error });
      },
    );
  }

  /** Resolves once every click handed over so far is settled: a read that waits for this sees every visit answered before it began. */
  caughtUp(): Promise<void> {
    const target = this.handedOver;
    if (this.settledCount >= target) return Promise.resolve();
    return new Promise((done) => this.catchingUp.push({ target, done }));
  }

  private settle(outcome: CopyOutcome): void {
    if (this.settledCount >= this.handedOver)
      throw new Error("A journaled click was settled twice, or before it was handed over");
    this.settledCount += 1;
    this.journal.settled(1, !outcome.committed);
    const ready = this.catchingUp.filter((w) => this.settledCount >= w.target);
    if (ready.length === 0) return;
    this.catchingUp = this.catchingUp.filter((w) => this.settledCount < w.target);
    for (const waiter of ready) waiter.done();
  }
}
