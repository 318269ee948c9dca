"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { formatNumber } from "@/lib/format/number";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { MAX_PAGE_DEPTH, type SortOrder } from "@/lib/contract/query";
import { pageCount } from "./pageCount";

export const PAGE_SIZES = [100, 500, 1000] as const;

interface Props {
  page: number;
  limit: number;
  /** Rows on this page. */
  rows: number;
  /** Every row of the view, when known (the page's counts give it; the events API does not). */
  total: number | null;
  /** A full page may have a next one; a short page is the last. */
  hasNext: boolean;
  sortOrder: SortOrder;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  onSortOrder: (order: SortOrder) => void;
}

export function Pagination({ page, limit, rows, total, hasNext, sortOrder, onPage, onLimit, onSortOrder }: Props) {
  const sizeId = useId();
  const first = (page - 1) * limit + 1;
  const { pages, last, capped } = pageCount(total, limit);
  const sizes = PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number])
    ? PAGE_SIZES
    : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <div className="space-y-2">
      <nav
        aria-label="Events pages"
        className="flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-600"
      >
        {/* Each group wraps within itself too: on a phone "Previous · Page n of m · Next · Go to page" is wider than the screen. */}
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            value={limit}
            onChange={(e) => onLimit(Number(e.target.value))}
            className="h-8 rounded-lg border border-zinc-200 bg-white pr-7 pl-2.5 text-sm text-zinc-800 shadow-xs focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          {rows > 0 && (
            <span className="ml-2 tabular-nums text-zinc-600">
              {formatNumber(first)}–{formatNumber(first + rows - 1)}
              {total !== null && ` of ${formatNumber(total)}`}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <ChevronLeftIcon />
            Previous
          </Button>
          <span aria-current="page" className="min-w-16 text-center font-medium tabular-nums text-zinc-800">
            Page {formatNumber(page)}
            {pages !== null && ` of ${formatNumber(last)}`}
          </span>
          <Button size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext || page >= last}>
            Next
            <ChevronRightIcon />
          </Button>
          {pages !== null && last > 2 && <PageJump key={page} page={page} pages={last} onPage={onPage} />}
        </div>
      </nav>
      {capped && <DepthNote limit={limit} last={last} sortOrder={sortOrder} onSortOrder={onSortOrder} />}
    </div>
  );
}

/** Why the pager stops short of the view's end, and the ways further: the other sort order, or a narrower range. */
export function DepthNote({
  limit,
  last,
  sortOrder,
  onSortOrder,
}: {
  limit: number;
  last: number;
  sortOrder: SortOrder;
  onSortOrder: (order: SortOrder) => void;
}) {
  const other = sortOrder === "desc" ? "asc" : "desc";
  return (
    <p role="note" className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 text-xs text-zinc-600">
      {`Paging reaches the ${formatNumber(MAX_PAGE_DEPTH)} ${sortOrder === "desc" ? "newest" : "oldest"} events (${formatNumber(last)} pages of ${formatNumber(limit)}). For ${sortOrder === "desc" ? "older" : "newer"} ones,`}
      <Button size="sm" variant="secondary" onClick={() => onSortOrder(other)}>
        {other === "asc" ? "Show oldest first" : "Show newest first"}
      </Button>
      <span>or narrow the date range.</span>
    </p>
  );
}

/** "Go to page [n]": any page from 1 to the last. */
function PageJump({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const inputId = useId();
  const [value, setValue] = useState(String(page));
  const target = Number(value);
  const valid = Number.isInteger(target) && target >= 1 && target <= pages;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && target !== page) onPage(target);
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-1.5">
      <label htmlFor={inputId}>Go to page</label>
      <input
        id={inputId}
        type="number"
        min={1}
        max={pages}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={!valid}
        className="h-8 w-20 rounded-lg border border-zinc-200 bg-white px-2 text-sm tabular-nums text-zinc-800 shadow-xs focus-visible:outline-2 focus-visible:outline-indigo-500 aria-invalid:border-red-300"
      />
      <Button size="sm" type="submit" disabled={!valid}>
        Go
      </Button>
    </form>
  );
}
