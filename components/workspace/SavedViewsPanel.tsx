"use client";

import type { FormEvent } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { useList } from "@/components/settings/useList";
import { refusalOf, useSend, type Send } from "@/components/settings/useSend";
import { Button } from "@/components/ui/Button";
import { ConfirmButton } from "@/components/ui/ConfirmDialog";
import type { SavedViewJson } from "@/lib/contract/dashboardReplies";
import { RenameViewButton } from "./RenameViewButton";

interface Props {
  slug: string;
  canSave: boolean;
  canCurate: boolean;
  /** The last refusal, kept by the menu so it is still there when the panel opens again. */
  message: string | null;
  onMessage: (message: string | null) => void;
}

/** The open saved-views menu: its list, actions and form (loaded when the menu first opens). */
export function SavedViewsPanel({ slug, canSave, canCurate, message, onMessage }: Props) {
  const base = `/api/w/${encodeURIComponent(slug)}/views`;
  const list = useList<{ views: SavedViewJson[] }>(base);
  const views = list.data?.views ?? [];

  const send = useSend([base]);

  /** A change from the menu itself: its refusal is said below the list (the menu keeps it). */
  const act = async (request: Send) => onMessage(await refusalOf(send.mutateAsync(request)));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    await act({
      method: "POST",
      url: base,
      body: { name: form.get("name"), query: window.location.search, shared: form.get("shared") === "on" },
    });
    target.reset();
  };

  /** A change from a dialog: its refusal is said in the dialog, which stays open. */
  const change = (request: Send): Promise<string | null> => refusalOf(send.mutateAsync(request));

  return (
    <section
      aria-label="Saved views"
      className="fixed inset-x-4 top-16 z-20 max-h-[calc(100vh-5rem)] space-y-3 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-4 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 sm:max-h-none sm:overflow-visible"
    >
      {views.length === 0 ? (
        <p className="text-sm text-zinc-500">No saved views yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {views.map((view) => (
            <li key={view.id} className="space-y-1 py-1.5 text-sm">
              <div className="flex items-center gap-2">
                <a
                  href={`/w/${slug}${view.query}`}
                  className="min-w-0 flex-1 truncate font-medium text-indigo-700 hover:underline"
                >
                  {view.name}
                </a>
                {view.isDefault && <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600">default</span>}
                {view.shared && <span className="text-xs text-zinc-500">shared</span>}
              </div>
              <p className="text-xs text-zinc-500">by {view.mine ? "you" : (view.authorName ?? "a former member")}</p>
              {(view.mine || canCurate) && canSave && (
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  <ConfirmButton
                    label="Update with current filters"
                    ariaLabel={`Update ${view.name} with current filters`}
                    className="text-xs text-zinc-600 hover:underline"
                    title={`Update “${view.name}”?`}
                    confirmLabel="Update the view"
                    onConfirm={() =>
                      change({ method: "PATCH", url: `${base}/${view.id}`, body: { query: window.location.search } })
                    }
                  >
                    It will open with this page&apos;s range, filters and tabs instead of its own
                    {view.shared ? ", for everyone it is shared with" : ""}.
                  </ConfirmButton>
                  <RenameViewButton
                    name={view.name}
                    onRename={(name) => change({ method: "PATCH", url: `${base}/${view.id}`, body: { name } })}
                  />
                  <ConfirmButton
                    label="Delete"
                    ariaLabel={`Delete ${view.name}`}
                    className="text-xs text-red-700 hover:underline"
                    title={`Delete “${view.name}”?`}
                    confirmLabel="Delete the view"
                    destructive
                    onConfirm={() => change({ method: "DELETE", url: `${base}/${view.id}` })}
                  >
                    {view.shared ? "It is gone for everyone in the workspace" : "It is gone"}
                    {view.isDefault ? ", and the workspace has no default view until an owner picks one" : ""}. The page
                    you are on stays as it is.
                  </ConfirmButton>
                  {canCurate && view.shared && !view.isDefault && (
                    <button
                      type="button"
                      className="text-xs text-zinc-600 hover:underline"
                      onClick={() =>
                        void act({ method: "PATCH", url: `${base}/${view.id}`, body: { isDefault: true } })
                      }
                      aria-label={`Make ${view.name} the default`}
                    >
                      Make default
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {!canCurate && (
        <p className="text-xs text-zinc-500">
          Only an owner of the workspace can make a shared view its default (what opens first).
        </p>
      )}
      {canSave && (
        <form onSubmit={(e) => void save(e)} className="space-y-2 border-t border-zinc-100 pt-3">
          <label className="block space-y-1 text-sm">
            <span className="font-medium text-zinc-700">Name of the current view</span>
            <input name="name" required maxLength={100} className={INPUT_CLASS} />
          </label>
          <label className="flex items-center gap-2 text-sm text-zinc-700">
            <input type="checkbox" name="shared" className="size-4 accent-zinc-900" /> Share with the workspace
          </label>
          <Button type="submit" size="sm" variant="primary">
            Save view
          </Button>
        </form>
      )}
      {(message ?? list.error) && (
        <p role="alert" className="text-sm text-red-700">
          {message ?? list.error}
        </p>
      )}
    </section>
  );
}
