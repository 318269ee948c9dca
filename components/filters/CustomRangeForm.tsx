"use client";

import { useId, useState, type FormEvent } from "react";
import type { RangeChoice } from "@/lib/filters/useView";
import { Button } from "@/components/ui/Button";

interface Props {
  /** Prefill: the current range's first and last day. */
  initial: { start: string; end: string };
  today: string;
  onApply: (range: RangeChoice) => void;
}

const inputClass =
  "h-9 w-full rounded-lg border border-zinc-200 bg-white px-2.5 text-sm text-zinc-900 shadow-xs focus:border-indigo-400 focus:outline-2 focus:outline-indigo-500/30";

/** Start and end days (inclusive) written as date-only start/end, read in the view's zone. */
export function CustomRangeForm({ initial, today, onApply }: Props) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const start = String(data.get("start") ?? "");
    const end = String(data.get("end") ?? "");
    if (!start || !end) return setError("Choose both a start and an end date.");
    if (start > end) return setError("The start date must not be after the end date.");
    setError(null);
    onApply({ interval: null, start, end });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2 border-t border-zinc-100 p-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <p className="text-xs font-medium text-zinc-500">Custom range</p>
      <div className="grid grid-cols-2 gap-2">
        <label className="space-y-1 text-xs text-zinc-600">
          <span>Start date</span>
          <input name="start" type="date" defaultValue={initial.start} max={today} required className={inputClass} />
        </label>
        <label className="space-y-1 text-xs text-zinc-600">
          <span>End date</span>
          <input name="end" type="date" defaultValue={initial.end} max={today} required className={inputClass} />
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" size="sm" className="w-full">
        Apply range
      </Button>
    </form>
  );
}
