"use client";

import type { FilterClause } from "@/lib/contract/query";
import type { Filter } from "@/lib/filters/table";
import type { ViewState } from "@/lib/filters/useView";
import { useFilterOptions } from "@/lib/queries/useFilterOptions";
import { formatFilterValue } from "@/lib/format/filterValue";
import { Chip } from "@/components/ui/Chip";
import { Popover } from "@/components/ui/Popover";
import { FilterEditor } from "./lazyPanels";
import { appliesToText, chipText } from "./filterText";

interface Props {
  def: Filter;
  clause: FilterClause;
  view: ViewState;
  /** In the URL but not applied to the current event kind. */
  inactive: boolean;
}

export function FilterChip({ def, clause, view, inactive }: Props) {
  // Names ids (links, tags, partners) from options an editor already loaded; never fetches by itself.
  const options = useFilterOptions(def, view.query, { enabled: false });
  const labelOf = (value: string) => (options.status === "ready" ? options.options.find((o) => o.value === value)?.label : undefined) ?? formatFilterValue(def.param, value);
  const text = chipText(def, clause, labelOf);
  const remove = () => view.setFilter(def.param, null);
  const removeLabel = `Remove ${def.label} filter`;

  if (inactive) {
    const note = appliesToText(def);
    return (
      <Chip muted onRemove={remove} removeLabel={removeLabel} title={`${text} (${note})`}>
        <span aria-disabled="true" className="truncate px-2.5 py-1">
          {text} <span className="text-xs">· {note}</span>
        </span>
      </Chip>
    );
  }

  return (
    <Chip onRemove={remove} removeLabel={removeLabel}>
      <Popover
        label={`${def.label} filter`}
        className="w-80"
        trigger={(props) => (
          <button
            {...props}
            type="button"
            title={text}
            className="max-w-96 truncate px-2.5 py-1 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500"
          >
            {text}
          </button>
        )}
      >
        {(close) => <FilterEditor def={def} view={view} onDone={close} />}
      </Popover>
    </Chip>
  );
}
