"use client";

import type { FormEvent } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { useList } from "@/components/settings/useList";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";
import type { SavedViewJson } from "@/lib/contract/dashboardReplies";

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

  const act = async (run: Promise<{ ok: boolean; message?: string }>) => {
    const result = await run;
    onMessage(result.ok ? null : (result.message ?? "That did not work."));
    await list.reload();
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    await act(sendJson("POST", base, { name: form.get("name"), query: window.location.search, shared: form.get("shared") === "on" }));
    target.reset();
  };

  const rename = (view: SavedViewJson) => {
    const name = window.prompt("New name", view.name)?.trim();
    if (name) void act(sendJson("PATCH", `${base}/${view.id}`, { name }));
  };

  return (
    <section aria-label="Saved views" className="absolute right-0 z-20 mt-2 w-96 space-y-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-lg">
      {views.length === 0 ? (
        <p className="text-sm text-zinc-500">No saved views yet.</p>
      ) : (
        <ul className="space-y-1.5">
          {views.map((view) => (
            <li key={view.id} className="flex items-center gap-2 text-sm">
              <a href={`/w/${slug}${view.query}`} className="min-w-0 flex-1 truncate font-medium text-indigo-700 hover:underline">
                {view.name}
              </a>
              {view.isDefault && <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600">default</span>}
              {view.shared && <span className="text-xs text-zinc-500">shared</span>}
              {(view.mine || canCurate) && canSave && (
                <>
                  <button type="button" className="text-xs text-zinc-600 hover:underline" onClick={() => rename(view)} aria-label={`Rename ${view.name}`}>
                    Rename
                  </button>
                  <button type="button" className="text-xs text-red-700 hover:underline" onClick={() => void act(sendJson("DELETE", `${base}/${view.id}`))} aria-label={`Delete ${view.name}`}>
                    Delete
                  </button>
                </>
              )}
              {canCurate && view.shared && !view.isDefault && (
                <button type="button" className="text-xs text-zinc-600 hover:underline" onClick={() => void act(sendJson("PATCH", `${base}/${view.id}`, { isDefault: true }))} aria-label={`Make ${view.name} the default`}>
                  Make default
                </button>
              )}
            </li>
          ))}
        </ul>
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
