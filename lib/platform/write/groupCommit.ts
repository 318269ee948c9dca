import { ApiError } from "../../contract/errors";
import type { ClickRow } from "./eventRows";

type Job<Tx> =
  | { kind: "click"; row: ClickRow; done(): void; failed(err: unknown): void }
  | {
      kind: "batched";
      run: RunBatch<Tx, unknown, unknown>;
      request: unknown;
      done(value: unknown): void;
      failed(err: unknown): void;
    }
  | { kind: "work"; work(tx: Tx): Promise<unknown>; done(value: unknown): void; failed(err: unknown): void };

/** What a batch answered one of its requests: a value, or the ApiError that refused it (it wrote nothing). */
export type BatchOutcome<Res> = { ok: true; value: Res } | { ok: false; err: ApiError };

/**
 * Decides and writes many requests (tracked leads and sales) together, inside the group's
 * transaction: a few statements for all of them, each answered as if they had run one after
 * another in the order given. A request refused answers its ApiError and writes nothing; any
 * other error throws (the group rolls back and its jobs run again one transaction each).
 */
export type RunBatch<Tx, Req, Res> = (tx: Tx, requests: readonly Req[]) => Promise<readonly BatchOutcome<Res>[]>;

/** The most clicks one transaction takes; the rest go in the next. */
export const MAX_GROUP = 2000;
/**
 * The most works (webhook outcomes, other writes taking their turn in a group) one transaction
 * takes. Each runs statements of its own (reads that decide, then writes), so every caller in a
 * group waits for the whole; but a group's fixed cost (its commit, one statement per rollup for
 * each kind of event) is shared by all. Tracking calls are batched requests instead (MAX_BATCHED).
 */
export const MAX_WORKS = 64;
/**
 * The most batched requests (tracked leads and sales) one transaction takes. Their reads and
 * writes are a few statements for the whole batch, so a larger group costs little more than a
 * small one; the bound keeps one transaction's lists and wait short.
 */
export const MAX_BATCHED = 512;

/**
 * Group commit: the writes that arrive while the writer is busy share its next transaction (one
 * commit, one sync of the log), so throughput grows with load while a lone write waits for
 * nothing. Each caller is answered once the transaction holding its write has committed: a write
 * is never acknowledged before it is durable.
 *
 * Within a group, the clicks are recorded together first, then the batched requests as one batch
 * (per runner: `batch`), then the works one after another (each sees what was written before it). A work that throws an ApiError (a refusal, decided
 * from reads before it writes anything) fails alone; any other error rolls the group back, and
 * its jobs are run again one transaction each, so one bad write never fails the others.
 */
export class GroupCommit<Tx> {
  private pending: Job<Tx>[] = [];
  private draining = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    /** Runs `work` in one transaction of the store (the writer's queue). */
    private readonly transact: (work: (tx: Tx) => Promise<void>) => Promise<void>,
    /** Records a group's clicks inside its transaction. */
    private readonly recordClicks: (tx: Tx, rows: readonly ClickRow[]) => Promise<void>,
    private readonly maxGroup = MAX_GROUP,
    private readonly maxWorks = MAX_WORKS,
    private readonly maxBatched = MAX_BATCHED,
  ) {}

  /** Writes waiting for the next group (none: the writer is idle once the group under way is done). */
  get waiting(): number {
    return this.pending.length;
  }

  /** Whether a write waits or runs. */
  get busy(): boolean {
    return this.draining;
  }

  /** Resolves once no write waits or runs (at once when idle). */
  idle(): Promise<void> {
    if (!this.draining) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  click(row: ClickRow): Promise<void> {
    return new Promise((done, failed) => this.enqueue({ kind: "click", row, done, failed }));
  }

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((done, failed) =>
      this.enqueue({ kind: "work", work, done: done as (value: unknown) => void, failed }),
    );
  }

  /** `request` decided and written by `run` together with the group's other requests for the same `run`. */
  batch<Req, Res>(run: RunBatch<Tx, Req, Res>, request: Req): Promise<Res> {
    return new Promise<Res>((done, failed) =>
      this.enqueue({
        kind: "batched",
        run: run as RunBatch<Tx, unknown, unknown>,
        request,
        done: done as (value: unknown) => void,
        failed,
      }),
    );
  }

  private enqueue(job: Job<Tx>): void {
    this.pending.push(job);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        const group = this.nextGroup();
        try {
          await this.commit(group);
        } catch {
          // One of them broke the transaction: each on its own now, failing alone.
          for (const job of group) await this.commit([job]).catch((err: unknown) => job.failed(err));
        }
      }
    } finally {
      this.draining = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** The jobs waiting longest, up to the limits; the others keep their order for the next group. */
  private nextGroup(): Job<Tx>[] {
    const group: Job<Tx>[] = [];
    const rest: Job<Tx>[] = [];
    let works = 0;
    let batched = 0;
    for (const job of this.pending) {
      const fits =
        group.length < this.maxGroup &&
        (job.kind === "click" ||
          (job.kind === "work" && works < this.maxWorks) ||
          (job.kind === "batched" && batched < this.maxBatched));
      if (fits && job.kind === "work") works += 1;
      if (fits && job.kind === "batched") batched += 1;
      (fits ? group : rest).push(job);
    }
    this.pending = rest;
    return group;
  }

  /** One transaction for the group; settles its jobs after commit; rejects (settling nothing) when it rolled back. */
  private async commit(group: readonly Job<Tx>[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    await this.transact(async (tx) => {
      outcomes.length = 0;
      // The clicks first: a visit answered from the journal before its click reached the store may be
      // followed at once by a lead naming that click, in the same group.
      const clicks = group.flatMap((job) => (job.kind === "click" ? [job.row] : []));
      if (clicks.length > 0) await this.recordClicks(tx, clicks);
      // The batched requests, one batch per runner, in the order they came.
      const batches = new Map<RunBatch<Tx, unknown, unknown>, number[]>();
      for (const [i, job] of group.entries())
        if (job.kind === "batched") batches.set(job.run, [...(batches.get(job.run) ?? []), i]);
      const answerOf = new Map<number, BatchOutcome<unknown>>();
      for (const [run, at] of batches) {
        const answers = await run(
          tx,
          at.map((i) => (group[i] as Extract<Job<Tx>, { kind: "batched" }>).request),
        );
        if (answers.length !== at.length) throw new Error("A batch must answer each of its requests");
        at.forEach((i, n) => answerOf.set(i, answers[n]));
      }
      for (const [i, job] of group.entries()) {
        if (job.kind === "click") {
          outcomes.push({ ok: true, value: undefined });
          continue;
        }
        if (job.kind === "batched") {
          outcomes.push(answerOf.get(i) as BatchOutcome<unknown>);
          continue;
        }
        try {
          outcomes.push({ ok: true, value: await job.work(tx) });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          outcomes.push({ ok: false, err });
        }
      }
    });
    group.forEach((job, i) => {
      const outcome = outcomes[i];
      if (!outcome.ok) job.failed(outcome.err);
      else if (job.kind === "click") job.done();
      else job.done(outcome.value);
    });
  }
}
