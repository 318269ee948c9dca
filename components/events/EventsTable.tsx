"use client";

import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import type { SortOrder } from "@/lib/contract/query";
import type { ReadEvent } from "@/lib/queries/readEvents";
import { renderCell, type CellContext } from "./renderCell";
import { SortHeader } from "./SortHeader";
import type { TableColumn } from "./tableColumns";

const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 40;
const PAGE_STEP = 10;
/** Columns shrink with the box down to this share of their preferred widths, then the table scrolls sideways. */
const MIN_SCALE = 0.84;

interface Props {
  caption: string;
  events: readonly ReadEvent[];
  columns: readonly TableColumn[];
  visibleIds: readonly string[];
  sortOrder: SortOrder;
  onToggleSort: () => void;
  cell: Omit<CellContext, "tabbable">;
  onOpen: (event: ReadEvent) => void;
  /** The rows shown belong to the previous view while the current one loads. */
  stale: boolean;
}

export const rowId = (event: ReadEvent) => (event.event === "click" ? event.click.id : event.eventId);

/**
 * A semantic table whose body is virtualized (pages hold up to 1,000 rows): only the rows in
 * view are in the DOM, with spacer rows keeping the scroll height and aria-rowcount/rowindex
 * telling assistive technology where each row sits. Rows rove focus with the arrow keys.
 */
export function EventsTable({
  caption,
  events,
  columns,
  visibleIds,
  sortOrder,
  onToggleSort,
  cell,
  onOpen,
  stale,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const [active, setActive] = useState({ events, index: 0 });
  const activeIndex = active.events === events ? Math.min(active.index, Math.max(events.length - 1, 0)) : 0;

  const byId = useMemo(() => new Map<string, TableColumn>(columns.map((c) => [c.id, c])), [columns]);
  const columnDefs = useMemo<ColumnDef<ReadEvent>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.label, size: c.width })),
    [columns],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(columns.map((c) => [c.id, visibleIds.includes(c.id)])),
    [columns, visibleIds],
  );
  const data = useMemo(() => [...events], [events]);

  // TanStack Table hands out a mutable instance the React Compiler cannot memoize; this app does not run the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: columnDefs,
    state: { columnVisibility },
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowId,
  });
  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const totalWidth = leafColumns.reduce((sum, c) => sum + c.getSize(), 0);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start - HEADER_HEIGHT : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  // A new page starts at its top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [events]);

  // Focus follows the keyboard once the target row is rendered (it may have been virtualized away).
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = scrollRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${index}"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    pendingFocus.current = target;
    setActive({ events, index: target });
    virtualizer.scrollToIndex(target, { align: "auto" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const tr = (event.target as HTMLElement).closest("tr[data-index]");
    if (!tr || tr !== event.target) return;
    const index = Number(tr.getAttribute("data-index"));
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + PAGE_STEP,
      PageUp: index - PAGE_STEP,
      Home: 0,
      End: rows.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      onOpen(rows[index].original);
    }
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, index: number) => {
    if ((event.target as HTMLElement).closest("button, a")) return;
    setActive({ events, index });
    onOpen(rows[index].original);
  };

  return (
    <div
      ref={scrollRef}
      className="max-h-[70vh] min-h-48 overflow-auto rounded-xl border border-zinc-200 bg-white shadow-xs"
    >
      <table
        aria-rowcount={rows.length + 1}
        aria-busy={stale || undefined}
        className={`w-full table-fixed border-separate border-spacing-0 text-sm transition-opacity ${stale ? "opacity-60" : ""}`}
        style={{ minWidth: Math.round(totalWidth * MIN_SCALE) }}
      >
        <caption className="sr-only">
          {caption}. Select a row and press Enter to see the full event; use the arrow keys to move between rows.
        </caption>
        <colgroup>
          {leafColumns.map((c) => (
            <col key={c.id} style={{ width: `${(c.getSize() / totalWidth) * 100}%` }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                const isTime = header.column.id === "time";
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={isTime ? (sortOrder === "asc" ? "ascending" : "descending") : undefined}
                    className={`sticky top-0 z-10 border-b border-zinc-200 bg-zinc-50/95 px-3 text-left text-xs font-medium whitespace-nowrap text-zinc-500 backdrop-blur ${column?.id === "amount" ? "text-right" : ""}`}
                  >
                    {isTime ? (
                      <SortHeader label={column?.label ?? "Time"} order={sortOrder} onToggle={onToggleSort} />
                    ) : (
                      column?.label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {padTop > 0 && (
            <tr aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={leafColumns.length} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            const tabbable = item.index === activeIndex;
            return (
              <tr
                key={row.id}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                tabIndex={tabbable ? 0 : -1}
                onClick={(e) => onRowClick(e, item.index)}
                onFocus={(e) => e.target === e.currentTarget && setActive({ events, index: item.index })}
                style={{ height: ROW_HEIGHT }}
                className="group/row cursor-pointer outline-none hover:bg-zinc-50 focus-visible:bg-indigo-50/70 focus-visible:shadow-[inset_2px_0_0_var(--color-indigo-500)]"
              >
                {row.getVisibleCells().map((c) => {
                  const column = byId.get(c.column.id);
                  return (
                    <td key={c.id} className="border-b border-zinc-100 px-3 whitespace-nowrap text-zinc-700">
                      {column && renderCell(column, row.original, { ...cell, tabbable })}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={leafColumns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
