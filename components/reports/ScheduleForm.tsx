"use client";

import { useState, useSyncExternalStore, type FormEvent } from "react";
import { useList } from "@/components/settings/useList";
import { useSend } from "@/components/settings/useSend";
import type { ScheduleJson } from "./types";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const EVERY = [
  [15, "Every 15 minutes"],
  [60, "Hourly"],
  [360, "Every 6 hours"],
  [1440, "Daily"],
] as const;
const METRICS = [
  ["clicks", "Clicks"],
  ["leads", "Leads"],
  ["sales", "Sales"],
  ["saleAmount", "Revenue (cents)"],
] as const;

interface Props {
  slug: string;
  userId: string;
  isOwner: boolean;
  fromView: string | null;
  /** A schedule to change (its kind and view stay); absent: a new one. */
  editing?: ScheduleJson;
  onCreated: (name: string) => void;
  onCancel?: () => void;
}

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const field = "mt-1 block w-full rounded-md border border-zinc-300 px-2 py-1 text-sm";

/**
 * A new report (daily, weekly or monthly in a time zone) or alert (a rule checked every 15 minutes to
 * daily) on a view, or the settings of one (`editing`): its name, schedule, rule and recipients.
 */
export function ScheduleForm({ slug, userId, isOwner, fromView, editing, onCreated, onCancel }: Props) {
  const views = useList<{ views: { id: string; name: string; query: string }[] }>(
    `/api/w/${encodeURIComponent(slug)}/views`,
  );
  const cadence = editing?.cadence;
  const rule = editing?.rule ?? null;
  const [kind, setKind] = useState<"report" | "alert">(editing?.kind ?? "report");
  const [frequency, setFrequency] = useState<"daily" | "weekly" | "monthly">(
    cadence && cadence.frequency !== "every" ? cadence.frequency : "weekly",
  );
  const [condition, setCondition] = useState<"below" | "above" | "change">(rule?.condition.kind ?? "change");
  // The recipients can be changed only by someone who sees them all (members see only themselves).
  const allRecipients = editing ? editing.recipients.length === editing.recipientCount : true;
  const keptMembers = editing ? editing.recipients.filter((r) => r.kind === "member" && r.userId !== userId) : [];
  const emails = editing ? editing.recipients.flatMap((r) => (r.kind === "email" ? [r.address] : [])).join(", ") : "";
  const headingId = editing ? `edit-${editing.id}-heading` : "new-schedule-heading";
  const reports = `/api/w/${encodeURIComponent(slug)}/reports`;
  /** Saving it, and the list of reports read again after. */
  const send = useSend([reports]);
  const error = send.error?.message ?? null;
  // The browser's zone once hydrated (the server's would be wrong); the field is made again with it.
  const zone = useSyncExternalStore(noSubscription, browserZone, () => "UTC");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? "").trim();
    const number = (key: string) => Number(text(key));
    const cadence =
      kind === "alert"
        ? { frequency: "every", minutes: number("every") }
        : frequency === "daily"
          ? { frequency, hour: number("hour"), timezone: text("timezone") }
          : frequency === "weekly"
            ? { frequency, hour: number("hour"), weekday: number("weekday"), timezone: text("timezone") }
            : { frequency, hour: number("hour"), monthday: number("monthday"), timezone: text("timezone") };
    const others = isOwner
      ? text("others")
          .split(/[\s,;]+/)
          .filter(Boolean)
          .map((address) => ({ kind: "email", address }))
      : [];
    const recipients = [
      ...(form.get("me") ? [{ kind: "member", userId }] : []),
      ...keptMembers.map((r) => ({ kind: r.kind, userId: (r as { userId: string }).userId })),
      ...others,
    ];
    const alertRule =
      kind === "alert"
        ? {
            metric: text("metric"),
            condition:
              condition === "change"
                ? { kind: "change", percent: number("percent"), direction: text("direction") }
                : { kind: condition, threshold: number("threshold") },
            cooldownMinutes: number("cooldown"),
          }
        : null;
    const request = editing
      ? // A blank Slack field keeps the saved webhook (it is never sent back to the page).
        ({
          method: "PATCH",
          url: `${reports}/${editing.id}`,
          body: {
            name: text("name"),
            cadence,
            ...(allRecipients ? { recipients } : {}),
            ...(text("slack") ? { slackUrl: text("slack") } : {}),
            ...(alertRule ? { alertRule } : {}),
          },
        } as const)
      : ({
          method: "POST",
          url: reports,
          body: {
            kind,
            name: text("name"),
            viewQuery: text("view"),
            cadence,
            recipients,
            slackUrl: text("slack") || null,
            alertRule,
          },
        } as const);
    send.mutate(request, { onSuccess: () => onCreated(text("name")) });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5 text-sm"
    >
      <h2 id={headingId} className="font-semibold text-zinc-900">
        {editing ? `Change “${editing.name}”` : "New report or alert"}
      </h2>
      <fieldset className="flex gap-4" disabled={editing !== undefined}>
        <legend className="sr-only">Kind</legend>
        <label>
          <input type="radio" name="kind" checked={kind === "report"} onChange={() => setKind("report")} /> Scheduled
          report
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === "alert"} onChange={() => setKind("alert")} /> Alert
        </label>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <label>
          Name
          <input name="name" required maxLength={100} defaultValue={editing?.name} className={field} />
        </label>
        <label>
          View
          <select
            name="view"
            className={field}
            defaultValue={editing?.viewQuery ?? fromView ?? ""}
            disabled={editing !== undefined}
          >
            {editing && <option value={editing.viewQuery}>Its view ({editing.viewQuery || "the default view"})</option>}
            {fromView !== null && !editing && <option value={fromView}>The view you came from</option>}
            <option value="">The default view (last 24 hours)</option>
            {views.data?.views.map((v) => (
              <option key={v.id} value={v.query}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {kind === "report" ? (
        <div className="grid gap-3 sm:grid-cols-4">
          <label>
            Frequency
            <select
              name="frequency"
              className={field}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as typeof frequency)}
            >
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly</option>
            </select>
          </label>
          {frequency === "weekly" && (
            <label>
              Day of the week
              <select
                name="weekday"
                className={field}
                defaultValue={cadence?.frequency === "weekly" ? String(cadence.weekday) : "1"}
              >
                {WEEKDAYS.map((day, i) => (
                  <option key={day} value={i}>
                    {day}
                  </option>
                ))}
              </select>
            </label>
          )}
          {frequency === "monthly" && (
            <label>
              Day of the month
              <input
                name="monthday"
                type="number"
                min={1}
                max={28}
                defaultValue={cadence?.frequency === "monthly" ? cadence.monthday : 1}
                className={field}
              />
            </label>
          )}
          <label>
            Hour
            <input
              name="hour"
              type="number"
              min={0}
              max={23}
              defaultValue={cadence && cadence.frequency !== "every" ? cadence.hour : 9}
              className={field}
            />
          </label>
          <label>
            Time zone
            <input
              key={zone}
              name="timezone"
              defaultValue={cadence && cadence.frequency !== "every" ? cadence.timezone : zone}
              className={field}
            />
          </label>
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <label>
            Metric
            <select name="metric" className={field} defaultValue={rule?.metric ?? "clicks"}>
              {METRICS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Condition
            <select
              name="condition"
              className={field}
              value={condition}
              onChange={(e) => setCondition(e.target.value as typeof condition)}
            >
              <option value="change">Changes against the previous period by</option>
              <option value="below">Falls below</option>
              <option value="above">Rises above</option>
            </select>
          </label>
          {condition === "change" ? (
            <>
              <label>
                Percent
                <input
                  name="percent"
                  type="number"
                  min={1}
                  defaultValue={rule?.condition.kind === "change" ? rule.condition.percent : 50}
                  className={field}
                />
              </label>
              <label>
                Direction
                <select
                  name="direction"
                  className={field}
                  defaultValue={rule?.condition.kind === "change" ? rule.condition.direction : "down"}
                >
                  <option value="down">Down</option>
                  <option value="up">Up</option>
                  <option value="either">Either way</option>
                </select>
              </label>
            </>
          ) : (
            <label>
              Threshold
              <input
                name="threshold"
                type="number"
                min={0}
                defaultValue={rule && rule.condition.kind !== "change" ? rule.condition.threshold : 100}
                className={field}
              />
            </label>
          )}
          <label>
            Check
            <select
              name="every"
              className={field}
              defaultValue={cadence?.frequency === "every" ? String(cadence.minutes) : "60"}
            >
              {EVERY.map(([minutes, label]) => (
                <option key={minutes} value={minutes}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Cool-down (minutes)
            <input name="cooldown" type="number" min={0} defaultValue={rule?.cooldownMinutes ?? 60} className={field} />
          </label>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {allRecipients ? (
          <>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="me" defaultChecked={editing ? editing.subscribed : true} /> Email me
            </label>
            {isOwner && (
              <label>
                Other addresses (outside the workspace get a share link)
                <input
                  name="others"
                  placeholder="a@example.com, b@example.com"
                  defaultValue={emails}
                  className={field}
                />
              </label>
            )}
          </>
        ) : (
          <p className="text-zinc-600">
            Its recipients stay as they are: only an owner sees and changes everyone&apos;s.
          </p>
        )}
        <label>
          {editing?.slack ? "Slack webhook URL (blank keeps the saved one)" : "Slack webhook URL (optional)"}
          <input name="slack" type="url" placeholder="https://hooks.slack.com/services/…" className={field} />
        </label>
      </div>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="rounded-md bg-zinc-900 px-3 py-1.5 font-medium text-white hover:bg-zinc-700">
          {editing ? "Save changes" : "Create"}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md border border-zinc-300 px-3 py-1.5 font-medium text-zinc-700 hover:bg-zinc-50"
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
