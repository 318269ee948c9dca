import type { WebhookTrigger } from "../../contract/webhooks";
import type { WriteConn } from "../write/writeConn";
import { date, num, str, strList } from "../query/rows";
import { sqlInt } from "../query/sqlParams";
import { timestampValue, type EventRow } from "../write/eventRows";
import { randomBase62 } from "../write/ids";
import type { StoreWriter, WriteHook, WriteTx } from "../write/storeWriter";
import { envelopeOf, TRIGGER_OF } from "./envelope";
import { subscribers } from "./registry";

/** A delivery due to be sent, with where and how it is signed. */
export interface DueDelivery {
  id: string;
  webhookId: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
}

/** The outcome of one attempt. */
export interface Attempt {
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/** Retries: 1 s, 2 s, 4 s … doubling up to 10 minutes apart, 12 attempts in all (about 40 minutes); then the delivery has failed. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 12;
/** A receiver that failed this many attempts in a row, across deliveries, is disabled. */
export const DISABLE_AFTER_FAILURES = 20;

export const retryDelay = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));

/**
 * The webhook queue's writes and reads. Enqueueing is a hook of the store writer (inside the
 * event's transaction); an attempt's outcome is one small write. Reads go through a connection
 * of the sender's own, planned afresh each time: the pool keeps statements prepared, and DuckDB
 * plans a statement without parameters against the statistics of when it was prepared (a
 * queue empty then would read as empty for good).
 */
export class DeliveryQueue {
  constructor(
    private readonly db: WriteConn,
    private readonly writer: StoreWriter,
    private readonly now: () => Date,
  ) {}

  /** The writer hook: each event gets a delivery per subscribed receiver, in its own transaction; `committed` wakes the sender. */
  hook(onCommitted: () => void): WriteHook {
    return {
      recorded: async (tx, event: EventRow) => {
        const trigger: WebhookTrigger = TRIGGER_OF[event.kind];
        const named = async () => {
          const [link] = await tx.all(`SELECT webhook_ids FROM links WHERE id = $id`, { id: event.row.linkId });
          return link ? strList(link, "webhook_ids") : [];
        };
        const receivers = await subscribers(tx, event.row.workspaceId, trigger, named);
        if (receivers.length === 0) return;
        const now = this.now();
        const envelope = await envelopeOf(tx, event, "", now);
        for (const webhookId of receivers) {
          // Each receiver its own envelope id: its retries repeat it, another receiver's copy does not.
          const id = `evt_${randomBase62(24)}`;
          await tx.run(
            `INSERT INTO webhook_deliveries (id, webhook_id, trigger, body, status, attempts, next_attempt_at, created_at, finished_at)
VALUES ($id, $webhook_id, $trigger, $body, 'pending', 0, $now, $now, NULL)`,
            { id, webhook_id: webhookId, trigger, body: JSON.stringify({ ...envelope, id }), now: timestampValue(now) },
          );
        }
      },
      committed: (events) => {
        if (events.length > 0) onCommitted();
      },
    };
  }

  /** Pending deliveries due now, of enabled receivers, oldest first, leaving out those in flight. */
  async due(limit: number, inFlight: ReadonlySet<string>): Promise<DueDelivery[]> {
    const rows = await this.db.all(
      `SELECT d.id, d.webhook_id, w.url, w.secret, d.body, d.attempts FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
WHERE d.status = 'pending' AND d.next_attempt_at <= $now AND w.disabled_at IS NULL
ORDER BY d.next_attempt_at, d.id LIMIT ${sqlInt(limit + inFlight.size)}`,
      { now: timestampValue(this.now()) },
    );
    return rows
      .map((row) => ({ id: str(row, "id"), webhookId: str(row, "webhook_id"), url: str(row, "url"), secret: str(row, "secret"), body: str(row, "body"), attempts: num(row, "attempts") }))
      .filter((d) => !inFlight.has(d.id))
      .slice(0, limit);
  }

  /** When the next pending delivery of an enabled receiver is due, if any. */
  async nextDue(): Promise<Date | null> {
    const [row] = await this.db.all(
      `SELECT d.next_attempt_at FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
WHERE d.status = 'pending' AND w.disabled_at IS NULL ORDER BY d.next_attempt_at LIMIT 1`,
      {},
    );
    return row ? date(row, "next_attempt_at") : null;
  }

  /**
   * Logs attempts (one transaction for a pass's worth) and moves each delivery on: delivered on a 2xx; else retried later, or failed
   * after the last attempt. The receiver's run of failures grows or resets; past the bound it is
   * disabled, and its pending deliveries fail with it.
   */
  async settle(outcomes: readonly { delivery: DueDelivery; attempt: Attempt }[]): Promise<void> {
    if (outcomes.length === 0) return;
    const now = this.now();
    await this.writer.transact(async (tx) => {
      for (const { delivery, attempt } of outcomes) await this.settleOne(tx, delivery, attempt, now);
    });
  }

  private async settleOne(tx: WriteTx, delivery: DueDelivery, attempt: Attempt, now: Date): Promise<void> {
    const attempts = delivery.attempts + 1;
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    const at = timestampValue(now);
    await tx.run(`INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status, latency_ms, error) VALUES ($id, $attempt, $at, $status, $latency, $error)`, {
      id: delivery.id, attempt: attempts, at, status: attempt.status, latency: attempt.latencyMs, error: attempt.error,
    });
    if (ok) {
      await tx.run(`UPDATE webhook_deliveries SET status = 'delivered', attempts = $attempts, finished_at = $at WHERE id = $id`, { id: delivery.id, attempts, at });
      await tx.run(`UPDATE webhooks SET consecutive_failures = 0 WHERE id = $id`, { id: delivery.webhookId });
      return;
    }
    const last = attempts >= MAX_ATTEMPTS;
    await tx.run(
      `UPDATE webhook_deliveries SET status = $status, attempts = $attempts, next_attempt_at = $next, finished_at = $finished WHERE id = $id`,
      {
        id: delivery.id, attempts, status: last ? "failed" : "pending", next: timestampValue(new Date(now.getTime() + retryDelay(attempts))),
        finished: last ? at : null,
      },
    );
    const [webhook] = await tx.all(`UPDATE webhooks SET consecutive_failures = consecutive_failures + 1 WHERE id = $id RETURNING consecutive_failures`, { id: delivery.webhookId });
    if (webhook && num(webhook, "consecutive_failures") >= DISABLE_AFTER_FAILURES) {
      await tx.run(`UPDATE webhooks SET disabled_at = $at WHERE id = $id`, { id: delivery.webhookId, at });
      await tx.run(`UPDATE webhook_deliveries SET status = 'failed', finished_at = $at WHERE webhook_id = $id AND status = 'pending'`, { id: delivery.webhookId, at });
    }
  }
}
