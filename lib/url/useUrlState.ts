"use client";

import { useQueryStates } from "nuqs";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import type { Granularity, Metric } from "../contract/analytics";
import { comparisonKeys, readComparison, type Comparison } from "../analytics/comparison";
import { detailKeys, readDetail, type DetailRef } from "../events/detailRef";
import { API_KEYS, DASHBOARD_KEYS, type Report, type TabId } from "./keys";
import { navigationPendingElsewhere } from "./pendingNavigation";
import { zoneCookieLine } from "./zoneCookie";

/** Every change the user makes is a step Back can undo. */
const PUSH = { history: "push" } as const;

/** The API's parameters as raw URL strings, and the setter the view's actions write through. */
export function useApiParams() {
  return useQueryStates(API_KEYS, PUSH);
}

/**
 * Writes the browser's zone into a URL that names none, replacing the entry: the page reads a
 * URL without a zone in the reader's own, so a pasted URL reproduces the exact numbers in any
 * reader's zone only once it names one. Read in the effect, which runs in the browser only. The
 * zone is also remembered in a cookie, so the server fills the next zone-less URL's first screen
 * in it (./zoneCookie.ts).
 *
 * The write never races a navigation: a history write while one is pending makes Next's router
 * restore the written URL and drop the navigation (a link tapped as the page appears would be
 * lost), so it is skipped while one started elsewhere (./pendingNavigation.ts); the page landed on
 * writes its own, and coming Back here writes it again. It goes through the history API, which
 * Next's router follows, after this commit's effects (Next takes the API over in one of them).
 */
export function useZoneInUrl(): void {
  const timezone = useUrlTimeZone();
  const pathname = usePathname();
  const search = useSearchParams()?.toString() ?? "";
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    document.cookie = zoneCookieLine(own);
    if (timezone) return;
    const timer = window.setTimeout(() => {
      if (navigationPendingElsewhere(search ? `${pathname}?${search}` : pathname)) return;
      const { pathname: path, search: query, hash } = window.location;
      if (new URLSearchParams(query).get("timezone")) return;
      // Appended as nuqs writes values (a zone's slash kept readable); the rest of the query is left as it is.
      const zone = encodeURIComponent(own).replaceAll("%2F", "/");
      window.history.replaceState(null, "", `${path}${query ? `${query}&` : "?"}timezone=${zone}${hash}`);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [timezone, pathname, search]);
}

/** The zone the URL names, if any (the view reads the browser's when it names none). */
export function useUrlTimeZone(): string | null {
  const [{ timezone }] = useQueryStates({ timezone: API_KEYS.timezone });
  return timezone;
}

const COMPARISON_KEYS = {
  compare: DASHBOARD_KEYS.compare,
  compareStart: DASHBOARD_KEYS.compareStart,
  compareEnd: DASHBOARD_KEYS.compareEnd,
  compareMatch: DASHBOARD_KEYS.compareMatch,
};

/** What the view is compared with (null: no comparison asked for), and a setter that writes all its keys. */
export function useComparison(): [Comparison | null, (next: Comparison | null) => void] {
  const [keys, set] = useQueryStates(COMPARISON_KEYS, PUSH);
  return [readComparison(keys), (next) => void set(comparisonKeys(next))];
}

/** Whether the live view is open (`live=1`). */
export function useLiveSwitch(): [boolean, (on: boolean) => void] {
  const [{ live }, set] = useQueryStates({ live: DASHBOARD_KEYS.live }, PUSH);
  return [live === true, (on) => void set({ live: on ? true : null })];
}

/** The granularity the user picked, written only when they pick one. */
export function useGranularityChoice(): [Granularity | null, (granularity: Granularity) => void] {
  const [{ granularity }, set] = useQueryStates({ granularity: DASHBOARD_KEYS.granularity }, PUSH);
  return [granularity, (next) => void set({ granularity: next })];
}

/** The metric shown: the URL's, else the event kind's own; picking that default clears the URL's. */
export function useMetricChoice(fallback: Metric): [Metric, (metric: Metric) => void] {
  const [{ metric }, set] = useQueryStates({ metric: DASHBOARD_KEYS.metric }, PUSH);
  return [metric ?? fallback, (next) => void set({ metric: next === fallback ? null : next })];
}

/** Breakdown tabs not on their card's first tab, and a setter given the next list. */
export function useOpenTabs(): [readonly TabId[], (next: (current: readonly TabId[]) => readonly TabId[]) => void] {
  const [{ tabs }, set] = useQueryStates({ tabs: DASHBOARD_KEYS.tabs }, PUSH);
  return [
    tabs ?? [],
    (next) =>
      void set((current) => {
        const list = next(current.tabs ?? []);
        return { tabs: list.length > 0 ? [...list] : null };
      }),
  ];
}

/** The report shown below the page's figures (overview unless the URL names another); a change of report resets its order. */
export function useReport(): [Report, (report: Report) => void] {
  const [{ report }, set] = useQueryStates({ report: DASHBOARD_KEYS.report, sort: DASHBOARD_KEYS.sort }, PUSH);
  return [report ?? "overview", (next) => void set({ report: next === "overview" ? null : next, sort: null })];
}

/** The report table's order: a column and whether it is reversed from its natural order. */
export function useReportSort(
  fallback: string,
): [{ column: string; reversed: boolean }, (column: string, reversed: boolean) => void] {
  const [{ sort }, set] = useQueryStates({ sort: DASHBOARD_KEYS.sort }, PUSH);
  const value = sort ?? fallback;
  const reversed = value.startsWith("-");
  return [
    { column: reversed ? value.slice(1) : value, reversed },
    (column, rev) =>
      void set({ sort: `${rev ? "-" : ""}${column}` === fallback ? null : `${rev ? "-" : ""}${column}` }),
  ];
}

/** The customer whose timeline is open (`customer=`), and a setter (null closes it). */
export function useOpenCustomer(): [string | null, (id: string | null) => void] {
  const [{ customer }, set] = useQueryStates({ customer: DASHBOARD_KEYS.customer }, PUSH);
  return [customer, (id) => void set({ customer: id })];
}

/** The event whose detail is open (`detail=`, `detailAt=`), and a setter (null closes it). */
export function useOpenEvent(): [DetailRef | null, (ref: DetailRef | null) => void] {
  const [keys, set] = useQueryStates({ detail: DASHBOARD_KEYS.detail, detailAt: DASHBOARD_KEYS.detailAt }, PUSH);
  return [readDetail(keys.detail, keys.detailAt), (ref) => void set(detailKeys(ref))];
}
