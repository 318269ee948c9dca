import { listValue } from "@duckdb/node-api";
import type { WebhookTrigger } from "../../contract/webhooks";
import type { WriteConn } from "../write/writeConn";
import { date, num, str, strList } from "../query/rows";
import { sqlInt } from "../query/sqlParams";
import { timestampValue, type ConversionEvent, type EventRow } from "../write/eventRows";
import { randomBase62 } from "../write/ids";
import type { StoreWriter } from "../write/storeWriter";
import type { WriteHook, WriteTx } from "../write/writeTx";
import { clickedEnvelope, conversionEnvelopes, envelopeOf, TRIGGER_OF } from "./envelope";
import { queryLinks } from "../query/lookups";
import { txDb } from "../write/txDb";
import { toIso } from "../../contract/timestamps";
import type { LinkRecord } from "../../contract/events";
import { enabledReceivers, subscribers, type EnabledReceiver } from "./registry";

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

const succeeded = (attempt: Attempt) => attempt.status !== null && attempt.status >= 200 && attempt.status < 300;

export const retryDelay = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));

/**
 * An event's receivers: each link's asked once per batch, and each workspace's receivers of a
 * trigger read once until the receivers are written (`enabled`, kept by the queue).
 */
function receiversOnce(
  tx: WriteTx,
  enabled: Map<string, Promise<EnabledReceiver[]>>,
): (event: EventRow, trigger: WebhookTrigger) => Promise<string[]> {
  const known = new Map<string, Promise<string[]>>();
  return (event, trigger) => {
    const key = `${event.row.workspaceId} ${trigger} ${event.row.linkId}`;
    let found = known.get(key);
    if (!found) {
      const named = async () => {
        const [link] = await tx.all(`SELECT webhook_ids FROM links WHERE id = $id`, { id: event.row.linkId });
        return link ? strList(link, "webhook_ids") : [];
      };
      const workspaceKey = `${event.row.workspaceId} ${trigger}`;
      let receivers = enabled.get(workspaceKey);
      if (!receivers) {
        receivers = enabledReceivers(tx, event.row.workspaceId, trigger);
        enabled.set(workspaceKey, receivers);
        receivers.catch(() => enabled.delete(workspaceKey));
      }
      found = receivers.then((list) => subscribers(list, named));
      known.set(key, found);
    }
    return found;
  };
}

/**
 * The link of each click of a batch (by the click's index), as that click left it: the links are
 * read once, after the batch's counters were added, and each click's copy counts the clicks up to
 * it, not those after it.
 */
async function linksAsClicksLeftThem(tx: WriteTx, events: readonly EventRow[]): Promise<Map<number, LinkRecord>> {
  const out = new Map<number, LinkRecord>();
  const clicks = events.flatMap((event, i) => (event.kind === "clicks" ? [{ i, row: event.row }] : []));
  if (clicks.length <= 1) return out;
  const byWorkspace = new Map<string, Set<string>>();
  for (const { row } of clicks)
    byWorkspace.set(row.workspaceId, (byWorkspace.get(row.workspaceId) ?? new Set()).add(row.linkId));
  const links = new Map<string, LinkRecord>();
  for (const [ws, ids] of byWorkspace)
    for (const [id, link] of await queryLinks(txDb(tx, { prepared: true }), ws, [...ids])) links.set(id, link);
  const later = new Map<string, number>();
  for (const { i, row } of [...clicks].reverse()) {
    const link = links.get(row.linkId);
    if (!link) continue;
    const after = later.get(row.linkId) ?? 0;
    out.set(i, { ...link, clicks: link.clicks - after, lastClicked: toIso(row.timestamp) });
    later.set(row.linkId, after + 1);
  }
  return out;
}

/**
 * The webhook queue's writes and reads. Enqueueing is a hook of the store writer (inside the
 * event's transaction); an attempt's outcome is one small write. Reads go through a connection
 * of the sender's own, planned afresh each time: the pool keeps statements prepared, and DuckDB
 * plans a statement without parameters against the statistics of when it was prepared (a
 * queue empty then would read as empty for good).
 */
export class DeliveryQueue {
  /** Each workspace's enabled receivers by trigger, as read since the receivers were last written. */
  private readonly enabled = new Map<string, Promise<EnabledReceiver[]>>();
  /** Deliveries were queued since the last commit: the sender has something to look for. */
  private queued = false;

  constructor(
    private readonly db: WriteConn,
    private readonly writer: StoreWriter,
    private readonly now: () => Date,
  ) {
    writer.onWebhooksWrite(() => this.enabled.clear());
  }

  /**
   * The writer hook: each event gets a delivery per subscribed receiver, in its own transaction
   * (a batch of clicks' deliveries in one insert); `committed` wakes the sender.
   */
  hook(onCommitted: () => void): WriteHook {
    return {
      recorded: async (tx, events) => {
        const now = this.now();
        const receivers = receiversOnce(tx, this.enabled);
        const targets: string[][] = [];
        for (const event of events) targets.push(await receivers(event, TRIGGER_OF[event.kind]));
        // The links' records only when some click has a receiver: a batch nobody listens to reads nothing more.
        const heard = events.filter((event, i) => event.kind === "clicks" && targets[i].length > 0);
        const clickLinks = heard.length > 0 ? await linksAsClicksLeftThem(tx, events) : new Map<number, LinkRecord>();
        // The heard leads' and sales' envelopes read together: a few statements for the batch, not per event.
        const conversions = await conversionEnvelopes(
          tx,
          events.flatMap((event, index) =>
            event.kind !== "clicks" && targets[index].length > 0 ? [{ index, event: event as ConversionEvent }] : [],
          ),
          now,
        );
        const rows: { id: string; webhookId: string; trigger: WebhookTrigger; body: string }[] = [];
        for (const [i, event] of events.entries()) {
          const trigger = TRIGGER_OF[event.kind];
          const to = targets[i];
          if (to.length === 0) continue;
          const link = clickLinks.get(i);
          const envelope =
            conversions.get(i) ??
            (event.kind === "clicks" && link
              ? clickedEnvelope(event.row, link, "", now)
              : await envelopeOf(tx, event, "", now));
          // Each receiver its own envelope id: its retries repeat it, another receiver's copy does not.
          for (const webhookId of to) {
            const id = `evt_${randomBase62(24)}`;
            rows.push({ id, webhookId, trigger, body: JSON.stringify({ ...envelope, id }) });
          }
        }
        if (rows.length === 0) return;
        this.queued = true;
        await tx.runPrepared(
          `INSERT INTO webhook_deliveries (id, webhook_id, trigger, body, status, attempts, next_attempt_at, created_at, finished_at)
SELECT unnest($ids::VARCHAR[]), unnest($webhook_ids::VARCHAR[]), unnest($triggers::VARCHAR[]), unnest($bodies::VARCHAR[]), 'pending', 0, $now, $now, NULL`,
          {
            ids: listValue(rows.map((r) => r.id)),
            webhook_ids: listValue(rows.map((r) => r.webhookId)),
            triggers: listValue(rows.map((r) => r.trigger)),
            bodies: listValue(rows.map((r) => r.body)),
            now: timestampValue(now),
          },
        );
      },
      committed: () => {
        // Nobody listens to what committed: nothing new for the sender (its retries keep their own timer).
        if (!this.queued) return;
        this.queued = false;
        onCommitted();
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
      .map((row) => ({
        id: str(row, "id"),
        webhookId: str(row, "webhook_id"),
        url: str(row, "url"),
        secret: str(row, "secret"),
        body: str(row, "body"),
        attempts: num(row, "attempts"),
      }))
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
    // In the writer's next group commit, beside the events arriving meanwhile.
    await this.writer.batched(async (tx) => {
      if (outcomes.every(({ attempt }) => succeeded(attempt))) return this.settleDelivered(tx, outcomes, now);
      for (const { delivery, attempt } of outcomes) await this.settleOne(tx, delivery, attempt, now);
    });
  }

  /** A pass where every receiver answered 2xx: its attempts, deliveries and receivers in three statements. */
  private async settleDelivered(
    tx: WriteTx,
    outcomes: readonly { delivery: DueDelivery; attempt: Attempt }[],
    now: Date,
  ): Promise<void> {
    const at = timestampValue(now);
    const ids = listValue(outcomes.map(({ delivery }) => delivery.id));
    const attempts = listValue(outcomes.map(({ delivery }) => delivery.attempts + 1));
    await tx.runPrepared(
      `INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status, latency_ms, error)
SELECT unnest($ids::VARCHAR[]), unnest($attempts::INTEGER[]), $at, unnest($statuses::INTEGER[]), unnest($latencies::DOUBLE[]), NULL`,
      {
        ids,
        attempts,
        at,
        statuses: listValue(outcomes.map(({ attempt }) => attempt.status ?? 0)),
        latencies: listValue(outcomes.map(({ attempt }) => attempt.latencyMs)),
      },
    );
    // A join: planned afresh each time (the queue grows).
    await tx.run(
      `UPDATE webhook_deliveries SET status = 'delivered', attempts = d.attempts, finished_at = $at
FROM (SELECT unnest($ids::VARCHAR[]) AS id, unnest($attempts::INTEGER[]) AS attempts) d WHERE webhook_deliveries.id = d.id`,
      { ids, attempts, at },
    );
    await tx.runPrepared(
      `UPDATE webhooks SET consecutive_failures = 0 WHERE list_contains($webhook_ids::VARCHAR[], id)`,
      {
        webhook_ids: listValue([...new Set(outcomes.map(({ delivery }) => delivery.webhookId))]),
      },
    );
  }

  private async settleOne(tx: WriteTx, delivery: DueDelivery, attempt: Attempt, now: Date): Promise<void> {
    const attempts = delivery.attempts + 1;
    const ok = succeeded(attempt);
    const at = timestampValue(now);
    await tx.run(
      `INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status, latency_ms, error) VALUES ($id, $attempt, $at, $status, $latency, $error)`,
      {
        id: delivery.id,
        attempt: attempts,
        at,
        status: attempt.status,
        latency: attempt.latencyMs,
        error: attempt.error,
      },
    );
    if (ok) {
      await tx.run(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = $attempts, finished_at = $at WHERE id = $id`,
        { id: delivery.id, attempts, at },
      );
      await tx.run(`UPDATE webhooks SET consecutive_failures = 0 WHERE id = $id`, { id: delivery.webhookId });
      return;
    }
    const last = attempts >= MAX_ATTEMPTS;
    await tx.run(
      `UPDATE webhook_deliveries SET status = $status, attempts = $attempts, next_attempt_at = $next, finished_at = $finished WHERE id = $id`,
      {
        id: delivery.id,
        attempts,
        status: last ? "failed" : "pending",
        next: timestampValue(new Date(now.getTime() + retryDelay(attempts))),
        finished: last ? at : null,
      },
    );
    const [webhook] = await tx.all(
      `UPDATE webhooks SET consecutive_failures = consecutive_failures + 1 WHERE id = $id RETURNING consecutive_failures`,
      { id: delivery.webhookId },
    );
    if (webhook && num(webhook, "consecutive_failures") >= DISABLE_AFTER_FAILURES) {
      await tx.run(`UPDATE webhooks SET disabled_at = $at WHERE id = $id`, { id: delivery.webhookId, at });
      await tx.run(
        `UPDATE webhook_deliveries SET status = 'failed', finished_at = $at WHERE webhook_id = $id AND status = 'pending'`,
        { id: delivery.webhookId, at },
      );
    }
  }
}
