"use client";

import { buttonClass } from "@/components/ui/Button";
import { Popover } from "@/components/ui/Popover";
import { ColumnsIcon } from "@/components/ui/icons";
import type { TableColumn } from "./tableColumns";

interface Props {
  kindLabel: string;
  columns: readonly TableColumn[];
  visibleIds: readonly string[];
  customized: boolean;
  onShow: (id: string, shown: boolean) => void;
  onReset: () => void;
}

/** One checkbox per column of the current kind; at least one column stays shown. */
export function ColumnChooser({ kindLabel, columns, visibleIds, customized, onShow, onReset }: Props) {
  const last = visibleIds.length <= 1;
  return (
    <Popover
      label={`${kindLabel} columns`}
      align="end"
      className="w-64 p-1.5"
      trigger={(props) => (
        <button type="button" {...props} className={buttonClass("secondary", "sm")}>
          <ColumnsIcon />
          Columns
          <span className="rounded bg-zinc-100 px-1.5 text-xs tabular-nums text-zinc-700">{visibleIds.length}</span>
        </button>
      )}
    >
      {() => (
        <>
          <fieldset>
            <legend className="px-2 pt-1 pb-1.5 text-xs font-medium text-zinc-500">{kindLabel} columns</legend>
            {columns.map((column) => {
              const checked = visibleIds.includes(column.id);
              return (
                <label
                  key={column.id}
                  className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-zinc-800 hover:bg-zinc-50 has-disabled:cursor-not-allowed has-disabled:opacity-60"
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={checked && last}
                    onChange={(e) => onShow(column.id, e.target.checked)}
                    className="size-4 accent-zinc-900"
                  />
                  {column.label}
                </label>
              );
            })}
          </fieldset>
          <div className="mt-1 border-t border-zinc-100 pt-1">
            <button
              type="button"
              onClick={onReset}
              disabled={!customized}
              className="w-full rounded-md px-2 py-1.5 text-left text-sm text-zinc-600 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50"
            >
              Reset to defaults
            </button>
          </div>
        </>
      )}
    </Popover>
  );
}
