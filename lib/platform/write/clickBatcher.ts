import type { ClickRow } from "./eventRows";
import type { StoreWriter } from "./storeWriter";

interface Waiting {
  row: ClickRow;
  done(): void;
  failed(err: unknown): void;
}

/**
 * Clicks written in batches: the clicks that arrive while the writer is busy go together in its
 * next transaction (one commit, one set of rollup statements), so the resolver's throughput grows
 * with its load instead of paying a whole transaction per click. Each caller still waits until its
 * click is committed; a batch that fails fails every click in it.
 */
export class ClickBatcher {
  private batch: Waiting[] | null = null;

  constructor(private readonly writer: StoreWriter) {}

  record(row: ClickRow): Promise<void> {
    return new Promise((done, failed) => {
      if (this.batch) {
        this.batch.push({ row, done, failed });
        return;
      }
      const batch: Waiting[] = [{ row, done, failed }];
      this.batch = batch;
      this.writer
        .transact(async (tx) => {
          // The batch closes when its transaction starts: later clicks open the next one.
          if (this.batch === batch) this.batch = null;
          for (const waiting of batch) await tx.recordClick(waiting.row);
        })
        .then(
          () => batch.forEach((waiting) => waiting.done()),
          (err: unknown) => batch.forEach((waiting) => waiting.failed(err)),
        );
    });
  }
}
