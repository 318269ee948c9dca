import "server-only";
import type { Kysely } from "kysely";
import type { ReportRun, ReportSchedule, Tables } from "../db/schema";
import { newId } from "../secrets/tokens";
import { nextSlot, type Cadence } from "./cadence";
import type { AlertRule, Recipient } from "./rules";

export interface NewSchedule {
  kind: "report" | "alert";
  name: string;
  viewQuery: string;
  cadence: Cadence;
  recipients: Recipient[];
  slackSealed: string | null;
  alertRule: AlertRule | null;
}

/** A schedule's row read back: its JSON columns parsed. */
export interface Schedule extends Omit<ReportSchedule, "cadence" | "recipients" | "alert_rule"> {
  cadence: Cadence;
  recipients: Recipient[];
  alert_rule: AlertRule | null;
}

export function parsed(row: ReportSchedule): Schedule {
  return {
    ...row,
    cadence: JSON.parse(row.cadence) as Cadence,
    recipients: JSON.parse(row.recipients) as Recipient[],
    alert_rule: row.alert_rule ? (JSON.parse(row.alert_rule) as AlertRule) : null,
  };
}

/** Reports' and alerts' schedules, their runs and their unsubscriptions. */
export class ScheduleStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly now: () => number,
  ) {}

  async create(workspaceId: string, createdBy: string, input: NewSchedule): Promise<Schedule> {
    const now = this.now();
    const row = await this.db
      .insertInto("report_schedules")
      .values({
        id: newId(),
        workspace_id: workspaceId,
        created_by: createdBy,
        kind: input.kind,
        name: input.name,
        view_query: input.viewQuery,
        cadence: JSON.stringify(input.cadence),
        recipients: JSON.stringify(input.recipients),
        slack_sealed: input.slackSealed,
        alert_rule: input.alertRule ? JSON.stringify(input.alertRule) : null,
        alert_changed_at: null,
        paused_reason: null,
        last_error: null,
        next_run_at: new Date(nextSlot(input.cadence, now)),
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return parsed(row);
  }

  async list(workspaceId: string): Promise<Schedule[]> {
    const rows = await this.db
      .selectFrom("report_schedules")
      .selectAll()
      .where("workspace_id", "=", workspaceId)
      .orderBy("created_at")
      .execute();
    return rows.map(parsed);
  }

  async byId(id: string): Promise<Schedule | null> {
    const row = await this.db.selectFrom("report_schedules").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? parsed(row) : null;
  }

  /** Changes what is sent; a new cadence starts from its next slot. Pausing keeps the slot; resuming clears the failures and starts from the next slot. */
  async update(id: string, change: Partial<NewSchedule> & { paused?: boolean }): Promise<Schedule | null> {
    const now = this.now();
    const current = await this.byId(id);
    if (!current) return null;
    const cadence = change.cadence ?? current.cadence;
    const resumed = change.paused === false && current.paused;
    const row = await this.db
      .updateTable("report_schedules")
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.viewQuery !== undefined && { view_query: change.viewQuery }),
        ...(change.recipients !== undefined && { recipients: JSON.stringify(change.recipients) }),
        ...(change.slackSealed !== undefined && { slack_sealed: change.slackSealed }),
        ...(change.alertRule !== undefined && {
          alert_rule: change.alertRule ? JSON.stringify(change.alertRule) : null,
        }),
        ...(change.cadence !== undefined && { cadence: JSON.stringify(cadence) }),
        ...((change.cadence !== undefined || resumed) && { next_run_at: new Date(nextSlot(cadence, now)) }),
        ...(change.paused !== undefined && {
          paused: change.paused,
          paused_reason: change.paused ? "Paused by a member." : null,
        }),
        ...(resumed && { failures: 0 }),
        updated_at: new Date(now),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    return row ? parsed(row) : null;
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom("report_schedules").where("id", "=", id).execute();
  }

  /** The schedule's last runs, newest first: what was sent when, or why not. */
  async history(scheduleId: string, limit = 20): Promise<ReportRun[]> {
    return this.db
      .selectFrom("report_runs")
      .selectAll()
      .where("schedule_id", "=", scheduleId)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
  }

  async unsubscribe(scheduleId: string, address: string): Promise<void> {
    await this.db
      .insertInto("report_unsubscribes")
      .values({ schedule_id: scheduleId, address: address.toLowerCase(), created_at: new Date(this.now()) })
      .onConflict((oc) => oc.columns(["schedule_id", "address"]).doNothing())
      .execute();
  }

  async resubscribe(scheduleId: string, address: string): Promise<void> {
    await this.db
      .deleteFrom("report_unsubscribes")
      .where("schedule_id", "=", scheduleId)
      .where("address", "=", address.toLowerCase())
      .execute();
  }

  async unsubscribed(scheduleId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom("report_unsubscribes")
      .select("address")
      .where("schedule_id", "=", scheduleId)
      .execute();
    return new Set(rows.map((r) => r.address));
  }
}
