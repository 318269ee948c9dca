"use client";

import { useId } from "react";
import { Button } from "@/components/ui/Button";
import { formatNumber } from "@/lib/format/number";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";

export const PAGE_SIZES = [100, 500, 1000] as const;

interface Props {
  page: number;
  limit: number;
  /** Rows on this page; the API gives no total. */
  rows: number;
  /** A full page may have a next one; a short page is the last. */
  hasNext: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export function Pagination({ page, limit, rows, hasNext, onPage, onLimit }: Props) {
  const sizeId = useId();
  const first = (page - 1) * limit + 1;
  const sizes = PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <nav aria-label="Events pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-600">
      <div className="flex items-center gap-2">
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
          <span className="ml-2 tabular-nums text-zinc-500">
            {formatNumber(first)}–{formatNumber(first + rows - 1)}
          </span>
        )}
      </div>
      <div className="flex items-center gap-2">
        <Button size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeftIcon />
          Previous
        </Button>
        <span aria-current="page" className="min-w-16 text-center font-medium tabular-nums text-zinc-800">
          Page {formatNumber(page)}
        </span>
        <Button size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext}>
          Next
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
