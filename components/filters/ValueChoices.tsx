"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { EventsQuery } from "@/lib/contract/query";
import { type Filter, filterValueFlag } from "@/lib/filters/dimensions";
import { checkFilterInput } from "@/lib/filters/view";
import { useFilterOptions } from "@/lib/queries/useFilterOptions";
import { formatCompact } from "@/lib/format/number";
import { Flag } from "@/components/ui/Flag";
import { focusFirstItem, menuKeyDown } from "@/components/ui/Menu";
import { Skeleton } from "@/components/ui/Skeleton";
import { PlusIcon, SearchIcon } from "@/components/ui/icons";
import { buildChoices, exactChoice, searchChoices, toggleValue } from "./choices";
import { fixedChoices, problemText } from "./filterText";

const MAX_VISIBLE = 100;

interface Props {
  def: Filter;
  query: EventsQuery;
  selected: readonly string[];
  onChange: (values: string[]) => void;
}

/** A filter's values: counted options when the platform can list them, and free entry for any other value. */
export function ValueChoices({ def, query, selected, onChange }: Props) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Values ticked while the editor is open stay listed once unticked, so they can be ticked again.
  const [seen, setSeen] = useState<readonly string[]>(selected);
  const state = useFilterOptions(def, query);
  const fixed = fixedChoices(def).length > 0;
  const choices = buildChoices(def, state, [...new Set([...selected, ...seen])]);
  const matches = searchChoices(choices, search);
  const visible = matches.slice(0, MAX_VISIBLE);
  const typed = search.trim();
  // Where the platform lists the values, only those can be chosen: a typed text is a search, never a new value.
  const listedOnly = fixed || (def.listedOnly === true && state.status === "ready");
  const canAdd = !listedOnly && typed.length > 0 && !exactChoice(choices, typed);
  const noSuchValue = listedOnly && typed.length > 0 && matches.length === 0;
  // One Tab stop for the whole list (roving tabindex): the last focused value, else the first ticked, else the first.
  const [active, setActive] = useState<string | null>(null);
  const tabStop = visible.some((c) => c.value === active)
    ? active
    : (visible.find((c) => selected.includes(c.value)) ?? visible[0])?.value;

  const remember = (values: readonly string[]) => setSeen((prev) => [...new Set([...prev, ...values])]);
  const choose = (value: string) => {
    remember([value]);
    onChange(toggleValue(def, selected, value));
  };

  const add = () => {
    if (!typed) return;
    const exact = exactChoice(choices, typed);
    if (exact) {
      if (!selected.includes(exact.value)) choose(exact.value);
      setSearch("");
      return;
    }
    if (fixed) return setError(`Choose one of the listed values.`);
    const check = checkFilterInput(def.param, typed);
    if (!check.ok) return setError(problemText(check.message));
    if (listedOnly) return setError(noSuchValueText(def, typed, matches.length));
    setError(null);
    setSearch("");
    remember(check.clause.values);
    onChange(def.multi ? [...new Set([...selected, ...check.clause.values])] : check.clause.values);
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusFirstItem(listRef.current);
    }
  };

  const hasOptions = state.status === "ready" || fixed;
  return (
    <div className="flex min-h-0 flex-col">
      {!fixed && (
        <div className="border-b border-zinc-100 p-2">
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
            <input
              ref={inputRef}
              type="text"
              autoFocus
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setError(null);
              }}
              onKeyDown={onInputKey}
              aria-label={`${def.label} value`}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error !== null}
              placeholder={state.status === "ready" ? "Search or type a value…" : "Type a value, then Enter"}
              autoComplete="off"
              spellCheck={false}
              className="h-9 w-full rounded-lg border border-zinc-200 bg-white pr-2 pl-8 text-sm text-zinc-900 placeholder:text-zinc-400 focus:border-indigo-400 focus:outline-2 focus:outline-indigo-500/30 aria-invalid:border-red-300"
            />
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs text-red-600">
              {error}
            </p>
          )}
        </div>
      )}
      <ul
        ref={listRef}
        aria-label={`${def.label} values`}
        onKeyDown={(e) => menuKeyDown(e, () => inputRef.current?.focus())}
        className="max-h-72 overflow-y-auto p-1.5"
      >
        {visible.map((choice) => {
          const checked = selected.includes(choice.value);
          return (
            <li key={choice.value}>
              <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-zinc-800 hover:bg-zinc-50 has-focus-visible:bg-zinc-100">
                <input
                  type={def.multi ? "checkbox" : "radio"}
                  name={`${id}-choice`}
                  data-menu-item
                  tabIndex={choice.value === tabStop ? 0 : -1}
                  onFocus={() => setActive(choice.value)}
                  checked={checked}
                  onChange={() => choose(choice.value)}
                  className="size-4 shrink-0 accent-zinc-900 focus:outline-none"
                />
                <Flag country={filterValueFlag(def.param, choice.value)} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{choice.label}</span>
                  {choice.detail && <span className="block truncate text-xs text-zinc-500">{choice.detail}</span>}
                </span>
                {choice.count !== undefined && (
                  <span className="shrink-0 text-xs text-zinc-500 tabular-nums">{formatCompact(choice.count)}</span>
                )}
              </label>
            </li>
          );
        })}
        {state.status === "loading" && !fixed && <LoadingRows />}
        {noSuchValue && !error ? (
          <li className="px-2 py-3 text-center text-sm text-zinc-600">{noSuchValueText(def, typed, 0)}</li>
        ) : (
          hasOptions &&
          matches.length === 0 &&
          !canAdd && <li className="px-2 py-3 text-center text-sm text-zinc-500">No values in this view.</li>
        )}
        {canAdd && (
          <li>
            <button
              type="button"
              data-menu-item
              onClick={add}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none"
            >
              <PlusIcon className="size-4 text-zinc-500" />
              <span className="truncate">
                Add <span className="font-medium text-zinc-900">“{typed}”</span>
              </span>
            </button>
          </li>
        )}
        {matches.length > MAX_VISIBLE && (
          <li className="px-2 py-1.5 text-xs text-zinc-500">
            Showing {MAX_VISIBLE} of {matches.length}. Type to narrow the list.
          </li>
        )}
        {state.status === "error" && (
          <li className="px-2 py-1.5 text-xs text-zinc-500">
            Suggestions are unavailable right now; you can still type a value.
          </li>
        )}
      </ul>
    </div>
  );
}

/** "No device “mob” in this view.", and what to do instead. */
function noSuchValueText(def: Filter, typed: string, similar: number): string {
  const name =
    def.label.length > 1 && def.label[1] === def.label[1].toUpperCase() ? def.label : def.label.toLowerCase();
  return `No ${name} “${typed}” in this view.${similar > 0 ? " Choose one of the listed values." : ""}`;
}

function LoadingRows() {
  return (
    <li role="status" className="space-y-2 px-2 py-1.5">
      <span className="sr-only">Loading values…</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-2.5">
          <Skeleton className="size-4" />
          <Skeleton className="h-3.5 flex-1" />
          <Skeleton className="h-3.5 w-8" />
        </div>
      ))}
    </li>
  );
}
