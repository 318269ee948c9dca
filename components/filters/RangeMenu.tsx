"use client";

import { RANGE_PRESETS, shortcutLabel, type RangePreset } from "@/lib/filters/presets";
import { menuKeyDown } from "@/components/ui/Menu";
import { Kbd } from "@/components/ui/Kbd";
import { CheckIcon } from "@/components/ui/icons";

interface Props {
  current: RangePreset | null;
  onChoose: (preset: RangePreset) => void;
  /** Why a preset cannot be chosen here (a share link's dates), or null. */
  refusalOf?: (preset: RangePreset) => string | null;
}

const ariaShortcut = (key: string) => (key !== key.toLowerCase() ? `Shift+${key}` : key.toUpperCase());

export function RangeMenu({ current, onChoose, refusalOf = () => null }: Props) {
  return (
    <div role="menu" aria-label="Date presets" onKeyDown={(e) => menuKeyDown(e)} className="p-1.5">
      {RANGE_PRESETS.map((preset, index) => {
        const checked = preset.id === current?.id;
        const refusal = refusalOf(preset);
        return (
          <button
            key={preset.id}
            type="button"
            role="menuitemradio"
            aria-checked={checked}
            aria-keyshortcuts={ariaShortcut(preset.key)}
            autoFocus={checked || (!current && index === 0)}
            aria-disabled={refusal !== null || undefined}
            title={refusal ?? undefined}
            onClick={() => {
              if (refusal === null) onChoose(preset);
            }}
            className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none aria-checked:font-medium aria-checked:text-zinc-900 aria-disabled:cursor-not-allowed aria-disabled:text-zinc-400"
          >
            <CheckIcon className={`size-4 ${checked ? "text-indigo-600" : "invisible"}`} />
            <span className="flex-1">
              {preset.label}
              {refusal && <span className="block text-xs text-zinc-500">Outside this link&apos;s dates</span>}
            </span>
            <Kbd>{shortcutLabel(preset.key)}</Kbd>
          </button>
        );
      })}
    </div>
  );
}
