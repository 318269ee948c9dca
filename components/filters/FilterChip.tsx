"use client";

import { useShareLock } from "@/components/access/ShareLockContext";
import type { FilterClause } from "@/lib/contract/query";
import { isLockedFilter } from "@/lib/filters/lockedControls";
import { type Filter, formatFilterValue } from "@/lib/filters/dimensions";
import type { ViewState } from "@/lib/filters/useView";
import { useFilterOptions } from "@/lib/queries/useFilterOptions";
import { useLinkNames } from "@/lib/queries/useLinkNames";
import { Chip } from "@/components/ui/Chip";
import { Popover } from "@/components/ui/Popover";
import { FilterEditor } from "./lazyPanels";
import { chipText, kindsText } from "./filterText";

interface Props {
  def: Filter;
  clause: FilterClause;
  view: ViewState;
}

export function FilterChip({ def, clause, view }: Props) {
  // Names ids (links, tags, partners) from the filter's options: the same request as its breakdown card and editor.
  const options = useFilterOptions(def, view.query, { enabled: def.named === true });
  const optionLabel = (value: string) =>
    options.status === "ready" ? options.options.find((o) => o.value === value)?.label : undefined;
  // A link the breakdown's top rows do not name is named by id once those rows are in.
  const unnamedLinks =
    def.param === "linkId" && options.status !== "loading"
      ? clause.values.filter((value) => optionLabel(value) === undefined)
      : [];
  const linkNames = useLinkNames(unnamedLinks);
  const labelOf = (value: string) => optionLabel(value) ?? linkNames.get(value) ?? formatFilterValue(def.param, value);
  const text = chipText(def, clause, labelOf);
  const remove = () => view.setFilter(def.param, null);
  const removeLabel = `Remove ${def.label} filter`;
  const scope = kindsText(def);
  // A share link's locked filter can be narrowed in its editor, never removed.
  const locked = isLockedFilter(useShareLock(), def.param);

  return (
    <Chip onRemove={locked ? undefined : remove} removeLabel={removeLabel}>
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
            {scope && <span className="text-xs text-zinc-600"> · {scope} only</span>}
            {locked && <span className="text-xs text-zinc-600"> · locked by the link</span>}
          </button>
        )}
      >
        {(close) => <FilterEditor def={def} view={view} onDone={close} />}
      </Popover>
    </Chip>
  );
}
