"use client";

import { useState } from "react";
import type { Filter } from "@/lib/filters/dimensions";
import type { ViewState } from "@/lib/filters/useView";
import { Button } from "@/components/ui/Button";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { MatchToggle } from "./MatchToggle";
import { MetadataInput } from "./MetadataInput";
import { ValueChoices } from "./ValueChoices";
import { appliesToText, requiresText } from "./filterText";

interface Props {
  def: Filter;
  view: ViewState;
  onDone: () => void;
  /** Back to the list of filters, when opened from "Add filter". */
  onBack?: () => void;
}

/** Edits one filter in place: every change is written to the URL at once. */
export function FilterEditor({ def, view, onDone, onBack }: Props) {
  const clause = view.query.filters[def.param];
  // Only holds the choice until a first value exists; from then on the URL is the truth.
  const [pendingExclude, setPendingExclude] = useState(false);
  const exclude = clause?.exclude ?? pendingExclude;
  const values = clause?.values ?? [];

  const setValues = (next: string[]) =>
    view.setFilter(def.param, next.length > 0 ? { exclude: def.multi && exclude, values: next } : null);
  const setExclude = (next: boolean) => {
    setPendingExclude(next);
    if (clause) view.setFilter(def.param, { ...clause, exclude: next });
  };
  const notes = [requiresText(def), appliesToText(def) && `This filter ${appliesToText(def)}.`].filter(Boolean);

  return (
    <div className="flex max-h-[inherit] flex-col">
      <div className="flex items-center gap-2 border-b border-zinc-100 px-3 py-2.5">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            aria-label="All filters"
            className="-ml-1 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <ChevronLeftIcon className="size-4" />
          </button>
        )}
        <h2 className="flex-1 text-sm font-semibold text-zinc-900">{def.label}</h2>
        {def.multi && <MatchToggle label={def.label} exclude={exclude} onChange={setExclude} />}
      </div>
      {def.value.kind === "metadata" ? (
        <MetadataInput key={values[0] ?? ""} def={def} value={values[0]} onApply={(value) => setValues([value])} />
      ) : (
        <ValueChoices def={def} query={view.query} selected={values} onChange={setValues} />
      )}
      {notes.length > 0 && (
        <p className="border-t border-zinc-100 px-3 py-2 text-xs text-zinc-500">{notes.join(" ")}</p>
      )}
      <div className="flex items-center justify-between gap-2 border-t border-zinc-100 px-3 py-2">
        <Button variant="ghost" size="sm" disabled={!clause} onClick={() => view.setFilter(def.param, null)}>
          Remove filter
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
