"use client";

import type { ViewState } from "@/lib/filters/useView";
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
  const choose = (preset: RangePreset) => view.setRange(preset.choose(new Date(), range.timezone));
  usePresetShortcuts(choose);
  const label = rangeButtonLabel(range, now);

  return (
    <Popover
      label="Date range"
      className="w-72"
      panelData={{ "data-range-shortcuts": "" }}
      trigger={(props) => (
        <button {...props} type="button" aria-label={`Date range: ${label}`} className={buttonClass("secondary", "md", "min-w-44 justify-between")}>
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
            <RangeMenu
              current={currentPreset(range, at)}
              onChoose={(preset) => {
                choose(preset);
                close();
              }}
            />
            <CustomRangeForm
              initial={rangeDays(range, at)}
              today={isoDateInZone(at, range.timezone)}
              onApply={(choice) => {
                view.setRange(choice);
                close();
              }}
            />
          </>
        );
      }}
    </Popover>
  );
}
