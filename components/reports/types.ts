/** A schedule as GET /api/w/<slug>/reports lists it (lib/handlers/reports.ts). */
export interface ScheduleJson {
  id: string;
  kind: "report" | "alert";
  name: string;
  viewQuery: string;
  when: string;
  ruleText: string | null;
  alertState: "normal" | "firing";
  recipientCount: number;
  subscribed: boolean;
  slack: boolean;
  paused: boolean;
  pausedReason: string | null;
  lastError: string | null;
  nextRunAt: string;
  mine: boolean;
  history: { id: string; slot: string; status: string; preview: boolean; summary: string | null; error: string | null; finishedAt: string | null }[];
}
