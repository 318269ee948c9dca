"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useCapabilities } from "@/components/access/AccessContext";
import { INPUT_CLASS } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { ConfirmButton } from "@/components/ui/ConfirmDialog";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import { annotationsKey } from "@/lib/queries/useAnnotations";
import { useApiScope } from "@/lib/scope/ApiScopeContext";
import { scopedApiPath } from "@/lib/scope/apiScope";
import { sendJson } from "@/lib/scope/sendJson";
import { noteDay } from "./noteText";

const NOTE_MAX_LENGTH = 280;

interface Props {
  /** The notes on the chart's range, in day order. */
  notes: readonly AnnotationJson[];
  /** The day a new note starts on (the range's last day, in the view's zone). */
  defaultDay: string;
  /** The notes could not be read: say so rather than show none. */
  error: string | null;
  /** Not read yet: say so rather than "no notes". */
  loading: boolean;
}

function NoteForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: { day: string; note: string };
  submitLabel: string;
  onSubmit: (values: { day: string; note: string }) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    const failed = await onSubmit({ day: String(data.get("day") ?? ""), note: String(data.get("note") ?? "") });
    setBusy(false);
    setProblem(failed);
    if (!failed && !onCancel) form.reset();
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
      <label className="text-xs text-zinc-600">
        Day
        <input
          name="day"
          type="date"
          required
          defaultValue={initial.day}
          className={`${INPUT_CLASS} mt-0.5 block w-40`}
        />
      </label>
      <label className="min-w-48 flex-1 text-xs text-zinc-600">
        Note
        <input
          name="note"
          required
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={initial.note}
          placeholder="Launched spring campaign"
          className={`${INPUT_CLASS} mt-0.5 block w-full`}
        />
      </label>
      <Button type="submit" size="sm" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {problem && (
        <p role="alert" className="w-full text-xs text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}

/**
 * The notes on the time series' range, listed with their author; members add them here, and
 * their author or an owner changes or deletes them. Viewers and share links read them only.
 */
export function AnnotationsPanel({ notes, defaultDay, error, loading }: Props) {
  const scope = useApiScope();
  const queryClient = useQueryClient();
  const { annotate, shared } = useCapabilities();
  const canAdd = annotate && !shared;
  const [editing, setEditing] = useState<string | null>(null);
  const base = scopedApiPath(scope, "/api/annotations");

  const send = async (run: Promise<{ ok: boolean; message?: string }>): Promise<string | null> => {
    const result = await run;
    await queryClient.invalidateQueries({ queryKey: annotationsKey(scope) });
    return result.ok ? null : (result.message ?? "The note could not be saved.");
  };

  return (
    <section aria-label="Notes on this chart" className="mt-3 border-t border-zinc-100 pt-3 text-sm">
      <h3 className="text-xs font-medium text-zinc-600">Notes</h3>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          The notes could not be read: {error}
        </p>
      ) : loading ? (
        <p role="status" className="mt-1 text-xs text-zinc-600">
          Loading the notes…
        </p>
      ) : notes.length === 0 ? (
        <p className="mt-1 text-xs text-zinc-600">No notes in this period.</p>
      ) : (
        <ul className="mt-1 divide-y divide-zinc-100">
          {notes.map((note) => (
            <li key={note.id} className="py-1.5">
              {editing === note.id ? (
                <NoteForm
                  initial={note}
                  submitLabel="Save note"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (values) => {
                    const failed = await send(sendJson("PATCH", `${base}/${encodeURIComponent(note.id)}`, values));
                    if (!failed) setEditing(null);
                    return failed;
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-zinc-800 tabular-nums">{noteDay(note)}</span>
                  <span className="min-w-0 flex-1 text-zinc-800">{note.note}</span>
                  <span className="text-xs text-zinc-600">{note.authorName ?? "—"}</span>
                  {note.editable && !shared && (
                    <span className="flex gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Edit the note “${note.note}”`}
                        onClick={() => setEditing(note.id)}
                      >
                        Edit
                      </Button>
                      <ConfirmButton
                        label="Delete"
                        ariaLabel={`Delete the note “${note.note}”`}
                        className="rounded px-2 text-sm text-red-700 hover:bg-red-50"
                        title="Delete this note?"
                        confirmLabel="Delete note"
                        destructive
                        onConfirm={() => send(sendJson("DELETE", `${base}/${encodeURIComponent(note.id)}`))}
                      >
                        “{note.note}” on {noteDay(note)} is removed for everyone in the workspace.
                      </ConfirmButton>
                    </span>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-indigo-700">Add a note</summary>
          <div className="mt-2">
            <NoteForm
              key={defaultDay}
              initial={{ day: defaultDay, note: "" }}
              submitLabel="Add note"
              onSubmit={(values) => send(sendJson("POST", base, values))}
            />
          </div>
        </details>
      )}
    </section>
  );
}
