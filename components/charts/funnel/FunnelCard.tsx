"use client";

import { useId, useState } from "react";
import type { AnalyticsQuery, Metrics } from "@/lib/contract/analytics";
import type { FilterClauses } from "@/lib/contract/query";
import { funnelSteps, rate, type FunnelStep } from "@/lib/analytics/conversion";
import { unfilteredNote } from "@/lib/analytics/unfiltered";
import { formatPercent } from "@/lib/format/number";
import { useAnalytics } from "@/lib/queries/useAnalytics";
import { METRIC_STYLES } from "../metrics";
import { Card } from "../parts/Card";
import { ChartError, SkeletonRows } from "../parts/ChartState";
import { RateNote } from "../parts/RateNote";
import { ToggleButton } from "../parts/ToggleButton";

const pct = (r: number | null) => (r === null ? "—" : formatPercent(r));

/** A step and, when its rates divide counts filtered differently, what to know about them. */
interface NotedStep extends FunnelStep {
  note: string | null;
  noteId: string;
}

function FunnelBars({ steps }: { steps: NotedStep[] }) {
  return (
    <ol className="flex flex-1 flex-col justify-evenly gap-3" aria-label="Conversion funnel">
      {steps.map((step) => {
        const style = METRIC_STYLES[step.metric];
        return (
          <li key={step.metric} className="flex flex-col gap-1">
            {step.metric !== "clicks" ? (
              <p className="text-xs text-zinc-500">
                <span aria-hidden="true">↓ </span>
                {pct(step.fromPrevious)} converted
              </p>
            ) : null}
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-zinc-800">{style.label}</span>
              <span className="font-semibold text-zinc-900 tabular-nums">{style.format(step.value)}</span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-zinc-100" aria-hidden="true">
              <div className="h-full rounded-full" style={{ width: `${Math.max((step.ofTop ?? 0) * 100, step.value > 0 ? 1 : 0)}%`, backgroundColor: style.color }} />
            </div>
            {step.note && <RateNote id={step.noteId}>{step.note}</RateNote>}
          </li>
        );
      })}
    </ol>
  );
}

function FunnelTable({ steps }: { steps: NotedStep[] }) {
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full text-sm">
        <caption className="sr-only">Conversion funnel</caption>
        <thead>
          <tr className="text-left text-xs text-zinc-500">
            <th scope="col" className="py-1 font-medium">Step</th>
            <th scope="col" className="py-1 text-right font-medium">Count</th>
            <th scope="col" className="py-1 text-right font-medium">From previous</th>
            <th scope="col" className="py-1 text-right font-medium">Of clicks</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {steps.map((step) => (
            <tr key={step.metric} className="border-t border-zinc-100">
              <th scope="row" className="py-1.5 text-left font-medium text-zinc-800">{METRIC_STYLES[step.metric].label}</th>
              <td className="py-1.5 text-right">{METRIC_STYLES[step.metric].format(step.value)}</td>
              <td className="py-1.5 text-right" aria-describedby={step.note ? step.noteId : undefined}>{step.fromPrevious === null ? "—" : pct(step.fromPrevious)}</td>
              <td className="py-1.5 text-right" aria-describedby={step.note ? step.noteId : undefined}>{pct(step.ofTop)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {steps.map((step) => step.note && <RateNote key={step.metric} id={step.noteId}>{`${METRIC_STYLES[step.metric].label}: ${step.note}`}</RateNote>)}
    </div>
  );
}

function Ratios({ data, filters, idBase }: { data: Metrics; filters: FilterClauses; idBase: string }) {
  const money = METRIC_STYLES.saleAmount.format;
  const perClick = rate(data.saleAmount, data.clicks);
  const perSale = rate(data.saleAmount, data.sales);
  const perClickNote = unfilteredNote(filters, ["clicks"], "sales");
  const perClickNoteId = `${idBase}-per-click-note`;
  return (
    <dl className="mt-auto grid grid-cols-2 gap-3 border-t border-zinc-100 pt-3">
      <div>
        <dt className="text-xs text-zinc-500">Revenue per click</dt>
        <dd className="text-sm font-semibold text-zinc-900 tabular-nums" aria-describedby={perClickNote ? perClickNoteId : undefined}>
          {perClick === null ? "—" : money(Math.round(perClick))}
        </dd>
        {perClickNote && <RateNote id={perClickNoteId}>{perClickNote}</RateNote>}
      </div>
      <div>
        <dt className="text-xs text-zinc-500">Average sale</dt>
        <dd className="text-sm font-semibold text-zinc-900 tabular-nums">{perSale === null ? "—" : money(Math.round(perSale))}</dd>
      </div>
    </dl>
  );
}

function FunnelBody({ data, filters, asTable }: { data: Metrics; filters: FilterClauses; asTable: boolean }) {
  const idBase = useId();
  const steps = funnelSteps(data).map((step, i, all) => ({
    ...step,
    note: unfilteredNote(filters, all.slice(0, i).map((before) => before.metric), step.metric),
    noteId: `${idBase}-${step.metric}-note`,
  }));
  return (
    <div className="flex flex-1 flex-col gap-4">
      {asTable ? <FunnelTable steps={steps} /> : <FunnelBars steps={steps} />}
      <Ratios data={data} filters={filters} idBase={idBase} />
    </div>
  );
}

/** Clicks → leads → sales. Shares the KPI row's `count` request (same key, no extra call). */
export function FunnelCard({ query }: { query: AnalyticsQuery & { groupBy: "count" } }) {
  const [asTable, setAsTable] = useState(false);
  const result = useAnalytics(query, { priority: "high" });
  return (
    <Card
      title="Conversion funnel"
      titleId="chart-funnel-title"
      actions={
        <ToggleButton pressed={asTable} onChange={setAsTable}>
          Show as table
        </ToggleButton>
      }
    >
      {result.data ? (
        <FunnelBody data={result.data} filters={query.filters} asTable={asTable} />
      ) : result.error ? (
        <ChartError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <SkeletonRows rows={3} label="Loading the funnel" />
      )}
    </Card>
  );
}
