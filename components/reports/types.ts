/** When a schedule runs (lib/reports/cadence.ts). */
export type CadenceJson =
  | { frequency: "daily"; hour: number; timezone: string }
  | { frequency: "weekly"; hour: number; weekday: number; timezone: string }
  | { frequency: "monthly"; hour: number; monthday: number; timezone: string }
  | { frequency: "every"; minutes: number };

/** When an alert fires (lib/reports/rules.ts). */
export interface RuleJson {
  metric: string;
  condition:
    | { kind: "above" | "below"; threshold: number }
    | { kind: "change"; percent: number; direction: "up" | "down" | "either" };
  cooldownMinutes: number;
}

/** A recipient as the list shows it to the requester: everyone for those who see addresses, else only themselves. */
export type RecipientJson =
  | { kind: "member"; userId: string; label: string }
  | { kind: "email"; address: string; label: string };

/** A schedule as GET /api/w/<slug>/reports lists it (lib/handlers/reports.ts). */
export interface ScheduleJson {
  id: string;
  kind: "report" | "alert";
  name: string;
  viewQuery: string;
  cadence: CadenceJson;
  rule: RuleJson | null;
  recipients: RecipientJson[];
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
  history: {
    id: string;
    slot: string;
    status: string;
    preview: boolean;
    summary: string | null;
    error: string | null;
    finishedAt: string | null;
  }[];
}
