import "server-only";
import { sql, type Kysely } from "kysely";
import type { ReportRun, Tables } from "../db/schema";
import { newId } from "../secrets/tokens";
import { nextSlot } from "./cadence";
import { parsed, type Schedule } from "./scheduleStore";

/** How long a claimed run is its claimer's: a process killed mid-run loses it after this, and another takes it. */
export const LEASE_MS = 5 * 60_000;
/** Attempts of one run before it is given up (each after a longer wait). */
export const MAX_ATTEMPTS = 3;
/** Consecutive failed runs after which a schedule pauses itself and says so. */
export const FAILURES_TO_PAUSE = 3;
const DUE_BATCH = 50;

export interface ClaimedRun {
  run: ReportRun;
  schedule: Schedule;
}

/**
 * The reports' job queue, in the dashboard's own database (PGlite or PostgreSQL, through Kysely):
 * a schedule's due slot becomes one `report_runs` row (unique per schedule and slot, so however
 * many replicas see the slot, one row is made), and a pending run is claimed by one process at a
 * time with `FOR UPDATE SKIP LOCKED` under a lease. Runs survive restarts: a slot missed while
 * every process was down is made once when one is back (the slots missed in between are not
 * replayed one by one), and a run whose claimer died is claimed again when its lease ends.
 * Delivery is at least once: a process killed after sending and before recording it sends again.
 */
export class JobQueue {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  /** Turns every due slot into a pending run and moves the schedule to its next slot; returns how many were made. */
  async enqueueDue(): Promise<number> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("report_schedules")
        .selectAll()
        .where("paused", "=", false)
        .where("next_run_at", "<=", new Date(now))
        .orderBy("next_run_at")
        .limit(DUE_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      let made = 0;
      for (const row of due) {
        const schedule = parsed(row);
        const inserted = await trx
          .insertInto("report_runs")
          .values({
            id: newId(),
            schedule_id: schedule.id,
            slot: schedule.next_run_at,
            preview_to: null,
            status: "pending",
            claimed_until: null,
            summary: null,
            error: null,
            finished_at: null,
            created_at: new Date(now),
          })
          .onConflict((oc) => oc.columns(["schedule_id", "slot"]).doNothing())
          .executeTakeFirst();
        made += Number(inserted.numInsertedOrUpdatedRows ?? 0);
        await trx
          .updateTable("report_schedules")
          .set({
            next_run_at: new Date(nextSlot(schedule.cadence, Math.max(now, new Date(schedule.next_run_at).getTime()))),
          })
          .where("id", "=", schedule.id)
          .execute();
      }
      return made;
    });
  }

  /** "Send now": a run for this moment, to `previewTo` only. */
  async enqueuePreview(scheduleId: string, previewTo: string): Promise<string> {
    const now = this.now();
    const id = newId();
    await this.db
      .insertInto("report_runs")
      .values({
        id,
        schedule_id: scheduleId,
        slot: new Date(now),
        preview_to: previewTo,
        status: "pending",
        claimed_until: null,
        summary: null,
        error: null,
        finished_at: null,
        created_at: new Date(now),
      })
      .onConflict((oc) => oc.columns(["schedule_id", "slot"]).doNothing())
      .execute();
    return id;
  }

  /** One pending run nobody holds (or whose holder's lease ended), now this process's for LEASE_MS; null when there is none. */
  async claim(): Promise<ClaimedRun | null> {
    const now = this.now();
    const result = await sql<ReportRun>`
      update report_runs set claimed_until = ${new Date(now + LEASE_MS)}, attempts = attempts + 1
      where id = (
        select id from report_runs
        where status = 'pending' and (claimed_until is null or claimed_until <= ${new Date(now)})
        order by slot limit 1
        for update skip locked
      )
      returning *`.execute(this.db);
    const run = result.rows[0];
    if (!run) return null;
    const row = await this.db
      .selectFrom("report_schedules")
      .selectAll()
      .where("id", "=", run.schedule_id)
      .executeTakeFirst();
    if (!row) return null;
    return { run, schedule: parsed(row) };
  }

  /** The run went out (or had nothing to send: `skipped`); a scheduled run clears the schedule's failures. */
  async succeeded(claimed: ClaimedRun, status: "sent" | "skipped", summary: string): Promise<void> {
    const now = new Date(this.now());
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("report_runs")
        .set({ status, summary, error: null, finished_at: now, claimed_until: null })
        .where("id", "=", claimed.run.id)
        .execute();
      if (!claimed.run.preview_to)
        await trx
          .updateTable("report_schedules")
          .set({ failures: 0, last_error: null })
          .where("id", "=", claimed.schedule.id)
          .execute();
    });
  }

  /**
   * The run failed with `reason`: tried again later (a longer wait each time) until MAX_ATTEMPTS,
   * then failed for good; FAILURES_TO_PAUSE failed runs in a row pause the schedule, saying why.
   */
  async failed(claimed: ClaimedRun, reason: string): Promise<void> {
    const now = this.now();
    const text = reason.slice(0, 500);
    const { run, schedule } = claimed;
    await this.db.transaction().execute(async (trx) => {
      if (run.attempts < MAX_ATTEMPTS) {
        await trx
          .updateTable("report_runs")
          .set({ error: text, claimed_until: new Date(now + run.attempts * LEASE_MS) })
          .where("id", "=", run.id)
          .execute();
        return;
      }
      await trx
        .updateTable("report_runs")
        .set({ status: "failed", error: text, finished_at: new Date(now), claimed_until: null })
        .where("id", "=", run.id)
        .execute();
      if (run.preview_to) return;
      const failures = schedule.failures + 1;
      const pause = failures >= FAILURES_TO_PAUSE;
      await trx
        .updateTable("report_schedules")
        .set({
          failures,
          last_error: text,
          ...(pause && {
            paused: true,
            paused_reason: `Paused after ${failures} failed runs in a row; the last: ${text}`,
          }),
        })
        .where("id", "=", schedule.id)
        .execute();
    });
  }

  /** An alert's new episode state, written with its run. */
  async setAlertState(scheduleId: string, state: "normal" | "firing", changedAt: number | null): Promise<void> {
    await this.db
      .updateTable("report_schedules")
      .set({ alert_state: state, alert_changed_at: changedAt === null ? null : new Date(changedAt) })
      .where("id", "=", scheduleId)
      .execute();
  }
}
