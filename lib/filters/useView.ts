"use client";

import { parseAsString, useQueryStates } from "nuqs";
import { useMemo, useSyncExternalStore } from "react";
import type { Interval } from "../contract/dateRange";
import { formatClause, type FilterClause, type SortOrder } from "../contract/query";
import { FILTER_LIST, type EventKind, type FilterParam } from "./table";
import { VIEW_PARAMS, readView, type RawView, type ViewParam } from "./view";

const parsers = Object.fromEntries(VIEW_PARAMS.map((p) => [p, parseAsString])) as Record<ViewParam, typeof parseAsString>;

/** Deprecated URL names superseded when their successor is written. */
const SUPERSEDES: Partial<Record<ViewParam, ViewParam>> = { tagId: "tagIds", trigger: "qr", sortOrder: "order" };

const subscribeNever = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The browser's zone on the client; UTC while rendering on the server. */
export function useBrowserTimeZone(): string {
  return useSyncExternalStore(subscribeNever, browserTimeZone, () => "UTC");
}

export interface RangeChoice {
  interval?: Interval | null;
  start?: string | null;
  end?: string | null;
}

/** URL-backed view state plus the only ways to change it. Every change but paging resets `page`. */
export function useView() {
  const [raw, setRaw] = useQueryStates(parsers, { history: "push" });
  const timeZone = useBrowserTimeZone();
  const view = useMemo(() => readView(raw as RawView, timeZone), [raw, timeZone]);

  const actions = useMemo(() => {
    const write = (patch: RawView) => setRaw({ ...patch, page: "page" in patch ? patch.page : null });
    const superseded = (param: ViewParam): RawView => {
      const old = SUPERSEDES[param];
      return old ? { [old]: null } : {};
    };
    return {
      setFilter(param: FilterParam, clause: FilterClause | null) {
        const value = clause && clause.values.length > 0 ? formatClause(clause) : null;
        return write({ [param]: value, ...superseded(param) });
      },
      setEvent(kind: EventKind) {
        return write({ event: kind });
      },
      setRange(range: RangeChoice) {
        return write({ interval: range.interval ?? null, start: range.start ?? null, end: range.end ?? null });
      },
      setTimeZone(zone: string | null) {
        return write({ timezone: zone });
      },
      setPage(page: number) {
        return write({ page: page <= 1 ? null : String(page) });
      },
      setLimit(limit: number) {
        return write({ limit: String(limit) });
      },
      setSortOrder(order: SortOrder) {
        return write({ sortOrder: order === "desc" ? null : order, order: null });
      },
      /** Removes every filter; the date range and time zone stay. */
      clearFilters() {
        const cleared: RawView = { tagIds: null, qr: null };
        for (const def of FILTER_LIST) cleared[def.param] = null;
        return write(cleared);
      },
    };
  }, [setRaw]);

  return { ...view, timeZone: view.query.timezone, ...actions };
}

export type ViewState = ReturnType<typeof useView>;
