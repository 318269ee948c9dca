import { total } from "./countingProxy";
import { describeCounts, describeSpread, spread, type Spread } from "./pageSpread";
import { PAGE_KEYS, type PageKeyName, type PageTimingsRun, type ViewTimings, type Visit } from "./pageTimings";
import { table } from "./table";

/** Issue 20's goals, on this 2-core machine: at most these (ms, requests). */
export const PAGE_GOALS = {
  warm: { figuresMs: 500, settledMs: 800 },
  /** Cold on the pro key only: the business key's budget never makes a view wait. */
  coldPro: { figuresMs: 1000, settledMs: 2500, upstream: 4 },
} as const;

type Phase = "cold" | "warm";

/** A cell's medians over its visits: what the goals are judged on. */
export interface CellMedians {
  figuresMs: number | null;
  settledMs: number | null;
  upstream: number | null;
}

/** The medians of a cell's visits (upstream: the median count). */
export function cellMedians(visits: readonly Visit[]): CellMedians | undefined {
  if (visits.length === 0) return undefined;
  return {
    figuresMs: spread(visits.map((v) => v.figuresMs))?.median ?? null,
    settledMs: spread(visits.map((v) => v.settledMs))?.median ?? null,
    upstream: spread(visits.map((v) => total(v.upstream)))?.median ?? null,
  };
}

/** The goals a cell's medians miss or meet, e.g. "figures≤500 ok, settled≤800 MISS"; "" when none applies. */
export function pageGoals(phase: Phase, key: PageKeyName, visit: CellMedians | undefined): string {
  const checks: [string, number | null | undefined, number][] = [];
  if (phase === "warm")
    checks.push(
      ["figures", visit?.figuresMs, PAGE_GOALS.warm.figuresMs],
      ["settled", visit?.settledMs, PAGE_GOALS.warm.settledMs],
    );
  else if (key === "pro") {
    checks.push(
      ["figures", visit?.figuresMs, PAGE_GOALS.coldPro.figuresMs],
      ["settled", visit?.settledMs, PAGE_GOALS.coldPro.settledMs],
      ["upstream", visit?.upstream, PAGE_GOALS.coldPro.upstream],
    );
  }
  return checks
    .map(
      ([name, value, most]) =>
        `${name}≤${most} ${value === null || value === undefined ? "—" : value <= most ? "ok" : "MISS"}`,
    )
    .join(", ");
}

/** "0.42" (this ÷ baseline), "—" when either is missing or the baseline is 0. */
export function pageRatio(value: number | null | undefined, baseline: number | null | undefined): string {
  if (value === null || value === undefined || baseline === null || baseline === undefined || baseline === 0)
    return "—";
  return (value / baseline).toFixed(2);
}

function find(run: PageTimingsRun | undefined, key: PageKeyName, view: string): ViewTimings | undefined {
  return run?.views.find((v) => v.key === key && v.view === view);
}

/** One table per key: each view cold then warm, beside the baseline's figures and the ratios when there is one. */
export function pageSection(current: PageTimingsRun, baseline?: PageTimingsRun): string {
  const title =
    "What a person waits for (issue 20): ms from navigation start to the key figures, the first chart and a settled first screen, " +
    "the median of the visits (min–max); ratios are of medians; " +
    "/api = browser requests to the dashboard, up = dashboard requests to the platform";
  const parts = [
    `\n${title}`,
    `  ${current.label}${baseline ? ` beside ${baseline.label} ("base"; ratio = this ÷ base)` : ""}`,
  ];
  for (const { name: key, note } of PAGE_KEYS) {
    const views = [...new Set(current.views.filter((v) => v.key === key).map((v) => v.view))];
    if (views.length === 0) continue;
    const rows: string[][] = [];
    for (const view of views) {
      const mine = find(current, key, view);
      const theirs = find(baseline, key, view);
      for (const phase of ["cold", "warm"] as const) {
        const v = mine?.[phase] ?? [];
        const b = theirs?.[phase] ?? [];
        const of = (visits: readonly Visit[], pick: (v: Visit) => number | null): Spread | null =>
          spread(visits.map(pick));
        const mid = cellMedians(v);
        const baseMid = cellMedians(b);
        const row = [
          phase === "cold" ? view : "",
          phase,
          describeSpread(of(v, (x) => x.figuresMs)),
          describeSpread(of(v, (x) => x.chartMs)),
          describeSpread(of(v, (x) => x.settledMs)),
          describeCounts(v.map((x) => x.api)),
          describeCounts(v.map((x) => total(x.upstream))),
        ];
        if (baseline)
          row.push(
            describeSpread(of(b, (x) => x.figuresMs)),
            describeSpread(of(b, (x) => x.settledMs)),
            describeCounts(b.map((x) => total(x.upstream))),
            pageRatio(mid?.figuresMs, baseMid?.figuresMs),
            pageRatio(mid?.settledMs, baseMid?.settledMs),
          );
        const changes = (visits: readonly Visit[]) =>
          phase === "warm" && visits.some((x) => x.viewChange)
            ? `${describeSpread(of(visits, (x) => x.viewChange?.newMs ?? null))} / ${describeSpread(of(visits, (x) => x.viewChange?.cachedMs ?? null))}`
            : "";
        row.push(changes(v));
        if (baseline) row.push(changes(b));
        row.push(pageGoals(phase, key, mid));
        rows.push(row);
      }
    }
    const header = ["view", "visit", "figures", "chart", "settled", "/api", "up"];
    if (baseline) header.push("base figures", "base settled", "base up", "figures ratio", "settled ratio");
    header.push("X new / cached");
    if (baseline) header.push("base X new / cached");
    header.push("goals");
    parts.push(
      `\n  ${key} key (${note}):`,
      ...table(header, rows)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  }
  const problems = [current, baseline]
    .filter((run): run is PageTimingsRun => run !== undefined)
    .flatMap((run) =>
      run.views.flatMap((v) =>
        [
          v.error && `${run.label}, ${v.key} ${v.view}: ${v.error}`,
          ...v.cold.map((c, i) => c.error && `${run.label}, ${v.key} ${v.view} cold visit ${i + 1}: ${c.error}`),
          ...v.warm.map((w, i) => w.error && `${run.label}, ${v.key} ${v.view} warm visit ${i + 1}: ${w.error}`),
          ...v.warm.map(
            (w, i) =>
              w.viewChange?.error &&
              `${run.label}, ${v.key} ${v.view} view change, visit ${i + 1}: ${w.viewChange.error}`,
          ),
        ].filter((line): line is string => Boolean(line)),
      ),
    );
  parts.push(
    "  cold: a fresh dashboard process (empty reply cache) and a new browser context (empty browser cache) each visit, signed in as the owner (a share link: signed out); warm: a second browser context on the same URL once the first settled.",
    "  X new / cached (warm, signed in): ms from pressing X (comparison on, a view not seen) to its key figures, then from X again (back to the view seen, cached; goal ≤ 300) to its figures.",
    "  this checkout and the baseline take turns visit by visit (A B A B…); request counts print one figure when every visit made as many, else each visit's.",
    '  figures: the "Key figures" group shows numbers; chart: the time series, funnel, a breakdown list or a report table has content in the viewport;',
    "  settled: both, no /api fetch in flight, nothing busy or a placeholder in the viewport (scripts/bench/pageProbe.ts).",
  );
  if (problems.length > 0) parts.push(`  problems:\n${problems.map((p) => `    ${p}`).join("\n")}`);
  return parts.join("\n");
}
