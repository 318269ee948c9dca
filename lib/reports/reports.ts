import "server-only";
import type { Dispatcher } from "undici";
import type { App } from "../dashboard/dashboardApp";
import type { Mailer } from "../mail/mailer";
import type { DeliveryParts } from "./delivery";
import { JobQueue } from "./jobQueue";
import { ReportRunner } from "./runner";
import { ScheduleStore } from "./scheduleStore";

export interface Reports {
  schedules: ScheduleStore;
  queue: JobQueue;
  runner: ReportRunner;
  parts: DeliveryParts;
}

/** Reports and alerts over a built dashboard: its database, clock, workspaces and address policy. */
export function buildReports(
  app: App,
  options: { mailer: Mailer | null; secret: string; publicUrl: string; dispatcher: Dispatcher },
): Reports {
  const { db } = app.database;
  const schedules = new ScheduleStore(db, app.clock.now);
  const queue = new JobQueue(db, app.clock.now);
  const parts: DeliveryParts = { app, queue, schedules, ...options };
  return { schedules, queue, parts, runner: new ReportRunner(parts) };
}
