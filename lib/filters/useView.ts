"use client";

import { useContext, useMemo, useSyncExternalStore } from "react";
import type { Interval } from "../contract/dateRange";
import { FILTER_PARAMS, type EventKind, type FilterParam } from "../contract/dimensions";
import { formatClause, type FilterClause, type SortOrder } from "../contract/query";
import type { ApiKey } from "../url/keys";
import { useApiParams } from "../url/useUrlState";
import { ServerZoneContext } from "../hooks/serverZone";
import { readView } from "./view";

const subscribeNever = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The browser's zone on the client; while rendering on the server (and hydrating), the zone the server rendered in, else UTC. */
export function useBrowserTimeZone(): string {
  const serverZone = useContext(ServerZoneContext);
  return useSyncExternalStore(subscribeNever, browserTimeZone, () => serverZone ?? "UTC");
}

export interface RangeChoice {
  interval?: Interval | null;
  start?: string | null;
  end?: string | null;
}

type Patch = Partial<Record<ApiKey, string | null>>;

/** URL-backed view state plus the only ways to change it. Every change but paging resets `page`. */
export function useView() {
  const [raw, setRaw] = useApiParams();
  const timeZone = useBrowserTimeZone();
  const view = useMemo(() => readView(raw, timeZone), [raw, timeZone]);

  const actions = useMemo(() => {
    const write = (patch: Patch) => setRaw({ ...patch, page: "page" in patch ? patch.page : null });
    return {
      setFilter(param: FilterParam, clause: FilterClause | null) {
        return write({ [param]: clause && clause.values.length > 0 ? formatClause(clause) : null });
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
        return write({ sortOrder: order === "desc" ? null : order });
      },
      /** Removes every filter but those `keep` names (a share link's locked ones); the date range and time zone stay. */
      clearFilters(keep: (param: FilterParam) => boolean = () => false) {
        return write(Object.fromEntries(FILTER_PARAMS.filter((param) => !keep(param)).map((param) => [param, null])));
      },
    };
  }, [setRaw]);

  return { ...view, timeZone: view.query.timezone, ...actions };
}

export type ViewState = ReturnType<typeof useView>;
