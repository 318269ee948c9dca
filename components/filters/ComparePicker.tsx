"use client";

import { useId, useState, type FormEvent } from "react";
import { COMPARE_LABELS, comparisonParams, isComparable, type Comparison } from "@/lib/analytics/comparison";
import { resolveRange } from "@/lib/contract/dateRange";
import type { ViewState } from "@/lib/filters/useView";
import { shiftRange } from "@/lib/filters/shiftRange";
import { formatRange, isoDateInZone } from "@/lib/format/date";
import { useNow } from "@/lib/hooks/useNow";
import { useComparison } from "@/lib/url/useUrlState";
import { Popover } from "@/components/ui/Popover";
import { Button, buttonClass } from "@/components/ui/Button";
import { ChevronDownIcon } from "@/components/ui/icons";
import { rangeDays } from "./rangeText";
import { useComparisonShortcuts } from "./useComparisonShortcuts";

const inputClass =
  "h-9 w-full rounded-lg border border-zinc-200 bg-white px-2.5 text-sm text-zinc-900 shadow-xs focus:border-indigo-400 focus:outline-2 focus:outline-indigo-500/30";

type Choice = "off" | "previous" | "year" | "custom";

/** The comparison's dates in the view's zone ("Oct 27 – Nov 25, 2025"), once the clock is known. */
function comparedRangeText(view: ViewState, comparison: Comparison, now: Date | null): string | null {
  if (!now) return null;
  const params = comparisonParams(view.query, comparison, now);
  return params ? formatRange(resolveRange(params, now), view.query.timezone, now) : null;
}

/**
 * What the view is compared with (previous period, the year before, a custom range; the first two
 * optionally on the same days of the week), written in the URL. ←/→ move the range by one period
 * and X toggles the comparison, anywhere on the page.
 */
export function ComparePicker({ view }: { view: ViewState }) {
  const id = useId();
  const now = useNow();
  const [comparison, setComparison] = useComparison();
  const [error, setError] = useState<string | null>(null);
  // "Custom range" picked but its dates not yet applied.
  const [pickingCustom, setPickingCustom] = useState(false);
  const comparable = (c: Comparison) => isComparable(view.query, c);
  useComparisonShortcuts({
    move: (direction) => {
      const next = shiftRange(view.query, direction, new Date());
      if (next) void view.setRange({ interval: null, ...next });
    },
    toggleComparison: () =>
      setComparison(
        comparison
          ? null
          : comparable({ mode: "previous", matchWeekday: false })
            ? { mode: "previous", matchWeekday: false }
            : null,
      ),
  });

  const choice: Choice = pickingCustom ? "custom" : (comparison?.mode ?? "off");
  const matchWeekday = comparison !== null && comparison.mode !== "custom" && comparison.matchWeekday;
  const dates = comparison ? comparedRangeText(view, comparison, now) : null;
  const label = comparison
    ? `Compare: ${COMPARE_LABELS[comparison.mode]}${matchWeekday ? ", same weekdays" : ""}`
    : "Compare: off";

  const choose = (next: Choice) => {
    setError(null);
    setPickingCustom(next === "custom");
    if (next === "off") setComparison(null);
    else if (next === "previous" || next === "year") setComparison({ mode: next, matchWeekday });
  };
  const submitCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const start = String(data.get("start") ?? "");
    const end = String(data.get("end") ?? "");
    if (!start || !end) return setError("Choose both a start and an end date.");
    if (start > end) return setError("The start date must not be after the end date.");
    setError(null);
    setPickingCustom(false);
    setComparison({ mode: "custom", start, end });
  };
  const initial =
    comparison?.mode === "custom"
      ? { start: comparison.start, end: comparison.end }
      : now
        ? rangeDays(view.query, now)
        : null;

  return (
    <Popover
      label="Comparison"
      className="w-80"
      trigger={(props) => (
        <button
          {...props}
          type="button"
          aria-label={`${label}${dates ? ` (${dates})` : ""}`}
          title="X toggles the comparison; ← and → move the range by one period"
          className={buttonClass("secondary", "md", "justify-between gap-2")}
        >
          <span>{label}</span>
          <ChevronDownIcon className="size-4 text-zinc-400" />
        </button>
      )}
    >
      {() => (
        <div className="space-y-3 p-3 text-sm">
          <fieldset className="space-y-1.5">
            <legend className="mb-1 text-xs font-medium text-zinc-500">Compare with</legend>
            {(["off", "previous", "year", "custom"] as const).map((option) => {
              const disabled =
                option === "previous" || option === "year" ? !comparable({ mode: option, matchWeekday: false }) : false;
              return (
                <label
                  key={option}
                  className={`flex items-center gap-2 ${disabled ? "text-zinc-400" : "text-zinc-800"}`}
                >
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={option}
                    checked={choice === option}
                    disabled={disabled}
                    onChange={() => choose(option)}
                    className="accent-indigo-600"
                  />
                  {option === "off" ? "No comparison" : COMPARE_LABELS[option]}
                </label>
              );
            })}
          </fieldset>
          <label className="flex items-center gap-2 text-zinc-800">
            <input
              type="checkbox"
              checked={matchWeekday}
              disabled={choice !== "previous" && choice !== "year"}
              onChange={(event) =>
                comparison &&
                comparison.mode !== "custom" &&
                setComparison({ mode: comparison.mode, matchWeekday: event.target.checked })
              }
              className="accent-indigo-600"
            />
            Match the day of the week
          </label>
          {choice === "custom" ? (
            <form
              onSubmit={submitCustom}
              noValidate
              className="space-y-2 border-t border-zinc-100 pt-3"
              aria-describedby={error ? `${id}-error` : undefined}
            >
              <p className="text-xs font-medium text-zinc-500">Custom comparison range</p>
              <div className="grid grid-cols-2 gap-2">
                <label className="space-y-1 text-xs text-zinc-600">
                  <span>Compare from</span>
                  <input
                    name="start"
                    type="date"
                    defaultValue={initial?.start}
                    max={now ? isoDateInZone(now, view.query.timezone) : undefined}
                    className={inputClass}
                  />
                </label>
                <label className="space-y-1 text-xs text-zinc-600">
                  <span>Compare to</span>
                  <input
                    name="end"
                    type="date"
                    defaultValue={initial?.end}
                    max={now ? isoDateInZone(now, view.query.timezone) : undefined}
                    className={inputClass}
                  />
                </label>
              </div>
              {error && (
                <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
                  {error}
                </p>
              )}
              <Button type="submit" variant="secondary" size="sm" className="w-full">
                Compare with these dates
              </Button>
            </form>
          ) : null}
          {dates && <p className="text-xs text-zinc-600">Compared with {dates}</p>}
          <p className="text-xs text-zinc-500">Keys: X toggles the comparison, ← → move the range.</p>
        </div>
      )}
    </Popover>
  );
}
