interface Props {
  id: string;
  label: string;
  hint?: string;
  sort: { column: string; ascending: boolean };
  /** Names sort A to Z first; figures largest first. */
  naturalAscending?: boolean;
  align?: "start" | "end";
  /** Extra classes for the cell (the partner column stays put while the table scrolls sideways). */
  className?: string;
  onSort: (column: string, reversed: boolean) => void;
}

/** A column header that sorts by its column: a first press in its natural order, another reverses it. */
export function SortHeader({
  id,
  label,
  hint,
  sort,
  naturalAscending = false,
  align = "end",
  className = "",
  onSort,
}: Props) {
  const active = sort.column === id;
  const natural = active ? sort.ascending === naturalAscending : false;
  const next = () => onSort(id, active && natural);
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.ascending ? "ascending" : "descending") : "none"}
      className={`px-3 py-2 font-medium ${align === "end" ? "text-right" : "text-left"} ${className}`}
    >
      <button
        type="button"
        onClick={next}
        className={`inline-flex flex-col rounded focus-visible:outline-2 focus-visible:outline-indigo-500 ${align === "end" ? "items-end" : "items-start"}`}
      >
        <span className={active ? "text-zinc-900" : ""}>
          {label}
          {active && <span aria-hidden="true">{sort.ascending ? " ↑" : " ↓"}</span>}
        </span>
        {hint && <span className="text-[11px] font-normal text-zinc-600">{hint}</span>}
      </button>
    </th>
  );
}
