import type { ReactNode } from "react";
import { CopyButton } from "./CopyButton";

export interface Entry {
  label: string;
  value: ReactNode;
  /** Offer a copy button for this raw text (ids). */
  copy?: string;
  mono?: boolean;
}

/** A definition list of label/value pairs; entries without a value are left out. */
export function KeyValueList({ entries }: { entries: readonly (Entry | null | false)[] }) {
  const shown = entries.filter(
    (e): e is Entry =>
      Boolean(e) && e !== null && e !== false && e.value !== null && e.value !== undefined && e.value !== "",
  );
  if (shown.length === 0) return <p className="text-sm text-zinc-500">Nothing recorded.</p>;
  return (
    <dl className="divide-y divide-zinc-100">
      {shown.map((entry) => (
        <div key={entry.label} className="grid grid-cols-[9rem_minmax(0,1fr)] items-start gap-3 py-2 text-sm">
          <dt className="pt-0.5 text-zinc-500">{entry.label}</dt>
          <dd className="flex min-w-0 items-start gap-1.5 text-zinc-900">
            <span className={`min-w-0 pt-0.5 break-words ${entry.mono ? "font-mono text-xs leading-5" : ""}`}>
              {entry.value}
            </span>
            {entry.copy && <CopyButton value={entry.copy} label={entry.label} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
