"use client";

import { useState, type FormEvent } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";

/** "Rename" a saved view in a dialog (not the browser's prompt): the name is checked like when it was saved. */
export function RenameViewButton({
  name,
  onRename,
}: {
  name: string;
  onRename: (name: string) => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    const problem = next === name ? null : await onRename(next);
    setError(problem);
    if (problem === null) setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="text-xs text-zinc-600 hover:underline"
        aria-haspopup="dialog"
        aria-label={`Rename ${name}`}
        onClick={() => setOpen(true)}
      >
        Rename
      </button>
      <Dialog open={open} title={`Rename “${name}”`} onClose={() => setOpen(false)}>
        <form onSubmit={(e) => void submit(e)} className="space-y-3">
          <label className="block space-y-1 text-sm">
            <span className="font-medium text-zinc-700">New name</span>
            <input name="name" required maxLength={100} defaultValue={name} className={INPUT_CLASS} />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button size="sm" type="submit" variant="primary">
              Rename
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
