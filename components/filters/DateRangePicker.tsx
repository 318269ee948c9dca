"use client";

import { useState } from "react";
import { useShareLock } from "@/components/access/ShareLockContext";
import { lockRangeText, rangeRefusal } from "@/lib/filters/lockedControls";
import type { RangeChoice, ViewState } from "@/lib/filters/useView";
import type { RangePreset } from "@/lib/filters/presets";
import { isoDateInZone } from "@/lib/format/date";
import { useNow } from "@/lib/hooks/useNow";
import { Popover } from "@/components/ui/Popover";
import { buttonClass } from "@/components/ui/Button";
import { CalendarIcon, ChevronDownIcon } from "@/components/ui/icons";
import { CustomRangeForm } from "./lazyPanels";
import { RangeMenu } from "./RangeMenu";
import { currentPreset, rangeButtonLabel, rangeDays } from "./rangeText";
import { usePresetShortcuts } from "./usePresetShortcuts";

export function DateRangePicker({ view }: { view: ViewState }) {
  const now = useNow();
  const range = view.query;
  const lock = useShareLock();
  const [refused, setRefused] = useState<string | null>(null);
  // On a share link, a range reaching outside its dates is not offered (the server would clip it under this range's name).
  const refusalOf = (choice: RangeChoice, at: Date) =>
    rangeRefusal(
      lock,
      {
        interval: choice.interval ?? undefined,
        start: choice.start ?? undefined,
        end: choice.end ?? undefined,
        timezone: range.timezone,
      },
      at,
    );
  const apply = (choice: RangeChoice): boolean => {
    const refusal = refusalOf(choice, new Date());
    setRefused(refusal);
    if (refusal === null) void view.setRange(choice);
    return refusal === null;
  };
  const choose = (preset: RangePreset) => apply(preset.choose(new Date(), range.timezone));
  usePresetShortcuts(choose);
  const label = rangeButtonLabel(range, now);

  return (
    <Popover
      label="Date range"
      className="w-72"
      panelData={{ "data-range-shortcuts": "" }}
      trigger={(props) => (
        <button
          {...props}
          type="button"
          aria-label={`Date range: ${label}`}
          className={buttonClass("secondary", "md", "min-w-44 justify-between")}
        >
          <span className="flex items-center gap-2">
            <CalendarIcon className="size-4 text-zinc-500" />
            {label}
          </span>
          <ChevronDownIcon className="size-4 text-zinc-400" />
        </button>
      )}
    >
      {(close) => {
        // Opening needs a click, so the clock is known by then.
        if (!now) return null;
        const at = now;
        return (
          <>
            {lock && (
              <p className="px-3.5 pt-2.5 text-xs text-zinc-600">
                This shared link covers {lockRangeText(lock, at)}: pick a range within it.
              </p>
            )}
            <RangeMenu
              current={currentPreset(range, at)}
              refusalOf={(preset) => refusalOf(preset.choose(at, range.timezone), at)}
              onChoose={(preset) => {
                if (choose(preset)) close();
              }}
            />
            <CustomRangeForm
              initial={rangeDays(range, at)}
              today={isoDateInZone(at, range.timezone)}
              onApply={(choice) => {
                if (apply(choice)) close();
              }}
            />
            {refused && (
              <p role="alert" className="mx-3.5 mb-3 rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
                {refused}
              </p>
            )}
          </>
        );
      }}
    </Popover>
  );
}
