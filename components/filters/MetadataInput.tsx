"use client";

import { useId, useState, type FormEvent } from "react";
import { checkFilterInput } from "@/lib/filters/view";
import type { Filter } from "@/lib/filters/dimensions";
import { Button } from "@/components/ui/Button";
import { problemText } from "./filterText";

interface Props {
  def: Filter;
  /** The query in the URL; the field starts from it (remount with a new key when it changes). */
  value: string | undefined;
  onApply: (value: string) => void;
}

export function MetadataInput({ def, value, onApply }: Props) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkFilterInput(def.param, text.trim());
    if (!check.ok) return setError(problemText(check.message));
    setError(null);
    onApply(check.clause.values[0]);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2 p-3">
      <label htmlFor={id} className="block text-xs font-medium text-zinc-600">
        {def.label} query
      </label>
      <textarea
        id={id}
        autoFocus
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error !== null}
        spellCheck={false}
        placeholder="metadata['plan']:'pro'"
        className="w-full resize-y rounded-lg border border-zinc-200 px-2.5 py-2 font-mono text-xs text-zinc-900 shadow-xs focus:border-indigo-400 focus:outline-2 focus:outline-indigo-500/30 aria-invalid:border-red-300"
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-500">
        For example{" "}
        <code className="rounded bg-zinc-100 px-1 font-mono text-zinc-700">
          metadata[&apos;plan&apos;]:&apos;pro&apos;
        </code>
        ; join several with <code className="rounded bg-zinc-100 px-1 font-mono text-zinc-700">AND</code>.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" size="sm" className="w-full">
        Apply
      </Button>
    </form>
  );
}
