"use client";

import { useState } from "react";
import { useList } from "@/components/settings/useList";
import { useSend, type Send } from "@/components/settings/useSend";
import { ScheduleForm } from "./ScheduleForm";
import type { ScheduleJson } from "./types";

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : "—");

interface Props {
  slug: string;
  userId: string;
  canCreate: boolean;
  isOwner: boolean;
  /** The view the person came from (`?…`), offered as what a new report or alert is about. */
  fromView: string | null;
}

/** The list of reports and alerts, each with its state and history; create, edit, pause, send now, subscribe. */
export function ReportsPanel({ slug, userId, canCreate, isOwner, fromView }: Props) {
  const base = `/api/w/${encodeURIComponent(slug)}/reports`;
  const { data, error } = useList<{ schedules: ScheduleJson[] }>(base);
  const send = useSend([base]);
  const [message, setMessage] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const act = (request: Send, done: string) =>
    send.mutate(request, { onSuccess: () => setMessage(done), onError: (refused) => setMessage(refused.message) });
  return (
    <div className="space-y-6">
      {canCreate ? (
        <ScheduleForm
          slug={slug}
          userId={userId}
          isOwner={isOwner}
          fromView={fromView}
          onCreated={(name) => setMessage(`Created “${name}”.`)}
        />
      ) : (
        <p className="text-sm text-zinc-600">
          Viewers subscribe themselves to the workspace&apos;s reports; members and owners create them.
        </p>
      )}
      {message && (
        <p role="status" className="text-sm text-zinc-700">
          {message}
        </p>
      )}
      <section aria-labelledby="schedules-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
        <h2 id="schedules-heading" className="font-semibold text-zinc-900">
          Reports and alerts
        </h2>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {data && data.schedules.length === 0 && <p className="text-sm text-zinc-500">None yet.</p>}
        <ul className="divide-y divide-zinc-100">
          {data?.schedules.map((s) => (
            <li key={s.id} className="space-y-1 py-3 text-sm" aria-label={s.name}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{s.name}</span>
                <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600">
                  {s.kind === "alert" ? "Alert" : "Report"}
                </span>
                {s.kind === "alert" && s.alertState === "firing" && (
                  <span className="rounded bg-red-100 px-1.5 text-xs text-red-800">firing</span>
                )}
                {s.paused && <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-800">paused</span>}
              </div>
              <p className="text-zinc-600">
                {s.ruleText ? `${s.ruleText} · ` : ""}
                {s.when} · next {s.paused ? "— (paused)" : when(s.nextRunAt)} · {s.recipientCount} recipient
                {s.recipientCount === 1 ? "" : "s"}
                {s.slack ? " · Slack" : ""}
              </p>
              {s.pausedReason && <p className="text-amber-800">{s.pausedReason}</p>}
              {s.lastError && !s.pausedReason && <p className="text-red-700">Last failure: {s.lastError}</p>}
              <div className="flex flex-wrap gap-3 text-xs">
                <button
                  type="button"
                  className="hover:underline"
                  onClick={() =>
                    act(
                      { method: "POST", url: `${base}/${s.id}/subscription`, body: { subscribed: !s.subscribed } },
                      s.subscribed ? `Unsubscribed from “${s.name}”.` : `Subscribed to “${s.name}”.`,
                    )
                  }
                >
                  {s.subscribed ? "Unsubscribe me" : "Subscribe me"}
                </button>
                {canCreate && (s.mine || isOwner) && (
                  <>
                    <button
                      type="button"
                      className="hover:underline"
                      onClick={() =>
                        act(
                          { method: "POST", url: `${base}/${s.id}/send` },
                          `Sent a preview of “${s.name}” to your address.`,
                        )
                      }
                    >
                      Send now
                    </button>
                    <button
                      type="button"
                      className="hover:underline"
                      aria-expanded={editingId === s.id}
                      onClick={() => setEditingId(editingId === s.id ? null : s.id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="hover:underline"
                      onClick={() =>
                        act(
                          { method: "PATCH", url: `${base}/${s.id}`, body: { paused: !s.paused } },
                          s.paused ? `Resumed “${s.name}”.` : `Paused “${s.name}”.`,
                        )
                      }
                    >
                      {s.paused ? "Resume" : "Pause"}
                    </button>
                    <button
                      type="button"
                      className="text-red-700 hover:underline"
                      aria-label={`Delete ${s.name}`}
                      onClick={() => act({ method: "DELETE", url: `${base}/${s.id}` }, `Deleted “${s.name}”.`)}
                    >
                      Delete
                    </button>
                  </>
                )}
              </div>
              {editingId === s.id && (
                <ScheduleForm
                  slug={slug}
                  userId={userId}
                  isOwner={isOwner}
                  fromView={null}
                  editing={s}
                  onCancel={() => setEditingId(null)}
                  onCreated={(name) => {
                    setEditingId(null);
                    setMessage(`Saved “${name}”.`);
                  }}
                />
              )}
              {s.history.length > 0 && (
                <details className="text-xs text-zinc-600">
                  <summary className="cursor-pointer">History</summary>
                  <ul className="mt-1 space-y-0.5">
                    {s.history.map((run) => (
                      <li key={run.id}>
                        {when(run.finishedAt ?? run.slot)} · {run.preview ? "preview · " : ""}
                        {run.status}
                        {run.summary ? ` · ${run.summary}` : ""}
                        {run.error ? ` · ${run.error}` : ""}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
