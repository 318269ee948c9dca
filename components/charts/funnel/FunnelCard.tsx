"use client";

import { useId, useState } from "react";
import type { CommonQuery, FilterClauses } from "@/lib/contract/query";
import {
  funnelSteps,
  rate,
  recurringShares,
  type Figures,
  type FunnelMetric,
  type FunnelStep,
  type Share,
} from "@/lib/analytics/conversion";
import { unfilteredNote } from "@/lib/analytics/unfiltered";
import { formatNumber, formatPercent } from "@/lib/format/number";
import { useFigures } from "@/lib/queries/useFigures";
import { METRIC_STYLES } from "../metrics";
import { Card } from "../parts/Card";
import { ChartError, SkeletonRows } from "../parts/ChartState";
import { RateNote } from "../parts/RateNote";
import { ToggleButton } from "../parts/ToggleButton";

const pct = (s: Share | null) => (s === null || s.value === null ? "—" : formatPercent(s.value));

interface StepStyle {
  label: string;
  color: string;
  /** "↓ 12% of clicks became leads" */
  became: string;
}

const STEPS: Record<FunnelMetric, StepStyle> = {
  clicks: { label: "Clicks", color: METRIC_STYLES.clicks.color, became: "" },
  leads: { label: "Leads", color: METRIC_STYLES.leads.color, became: "of clicks became leads" },
  customers: { label: "Customers", color: METRIC_STYLES.sales.color, became: "of leads made a first purchase" },
};

/** A step and, when its rates divide counts filtered differently, what to know about them. */
interface NotedStep extends FunnelStep {
  note: string | null;
  noteId: string;
}

function FunnelBars({ steps }: { steps: NotedStep[] }) {
  return (
    <ol className="flex flex-1 flex-col justify-evenly gap-3" aria-label="Conversion funnel">
      {steps.map((step) => {
        const style = STEPS[step.metric];
        return (
          <li key={step.metric} className="flex flex-col gap-1">
            {step.fromPrevious ? (
              <p className="text-xs text-zinc-600">
                <span aria-hidden="true">↓ </span>
                {pct(step.fromPrevious)} {style.became}
              </p>
            ) : null}
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-zinc-800">{style.label}</span>
              <span className="font-semibold text-zinc-900 tabular-nums">{formatNumber(step.value)}</span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-zinc-100" aria-hidden="true">
              <div
                className="h-full rounded-full"
                style={{
                  width: `${Math.max((step.ofTop.value ?? 0) * 100, step.value > 0 ? 1 : 0)}%`,
                  backgroundColor: style.color,
                }}
              />
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
          <tr className="text-left text-xs text-zinc-600">
            <th scope="col" className="py-1 font-medium">
              Step
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Count
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Of previous step
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Of clicks
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {steps.map((step) => (
            <tr key={step.metric} className="border-t border-zinc-100">
              <th scope="row" className="py-1.5 text-left font-medium text-zinc-800">
                {STEPS[step.metric].label}
              </th>
              <td className="py-1.5 text-right">{formatNumber(step.value)}</td>
              <td className="py-1.5 text-right" aria-describedby={step.note ? step.noteId : undefined}>
                {pct(step.fromPrevious)}
              </td>
              <td className="py-1.5 text-right" aria-describedby={step.note ? step.noteId : undefined}>
                {pct(step.ofTop)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {steps.map(
        (step) =>
          step.note && (
            <RateNote key={step.metric} id={step.noteId}>{`${STEPS[step.metric].label}: ${step.note}`}</RateNote>
          ),
      )}
    </div>
  );
}

/** Beside the funnel: what the customers bought, renewals included. */
function SalesBeside({ data, filters, idBase }: { data: Figures; filters: FilterClauses; idBase: string }) {
  const money = METRIC_STYLES.saleAmount.format;
  const perClick = rate(data.saleAmount, data.clicks);
  const perSale = rate(data.saleAmount, data.sales);
  const recurring = recurringShares(data);
  const perClickNote = unfilteredNote(filters, ["clicks"], "sales");
  const perClickNoteId = `${idBase}-per-click-note`;
  const entries: [string, string, string | null][] = [
    [
      "Sales",
      `${formatNumber(data.sales)}${recurring.sales === null ? "" : ` (${formatPercent(recurring.sales)} recurring)`}`,
      null,
    ],
    [
      "Revenue",
      `${money(data.saleAmount)}${recurring.revenue === null ? "" : ` (${formatPercent(recurring.revenue)} recurring)`}`,
      null,
    ],
    ["Revenue per click", perClick === null ? "—" : money(Math.round(perClick)), perClickNote],
    ["Average sale", perSale === null ? "—" : money(Math.round(perSale)), null],
  ];
  return (
    <dl className="mt-auto grid grid-cols-2 gap-3 border-t border-zinc-100 pt-3">
      {entries.map(([label, value, note]) => (
        <div key={label}>
          <dt className="text-xs text-zinc-600">{label}</dt>
          <dd
            className="text-sm font-semibold text-zinc-900 tabular-nums"
            aria-describedby={note ? perClickNoteId : undefined}
          >
            {value}
          </dd>
          {note && <RateNote id={perClickNoteId}>{note}</RateNote>}
        </div>
      ))}
    </dl>
  );
}

/** The filters a step's count and the one before do not share (first purchases are new sales by definition). */
function stepNote(metric: FunnelMetric, filters: FilterClauses): string | null {
  if (metric === "leads") return unfilteredNote(filters, ["clicks"], "leads");
  if (metric === "customers") {
    const { saleType: _ignored, ...rest } = filters;
    return unfilteredNote(rest, ["clicks", "leads"], "sales");
  }
  return null;
}

const SPILL: Partial<Record<FunnelMetric, string>> = {
  leads: "More leads than clicks in this period: some came from clicks made before it.",
  customers: "More first purchases than leads in this period: some came from leads made before it.",
};

function FunnelBody({ data, filters, asTable }: { data: Figures; filters: FilterClauses; asTable: boolean }) {
  const idBase = useId();
  const steps = funnelSteps(data).map((step) => ({
    ...step,
    note:
      [stepNote(step.metric, filters), step.fromPrevious?.spill ? SPILL[step.metric] : null]
        .filter(Boolean)
        .join(" ") || null,
    noteId: `${idBase}-${step.metric}-note`,
  }));
  return (
    <div className="flex flex-1 flex-col gap-4">
      {asTable ? <FunnelTable steps={steps} /> : <FunnelBars steps={steps} />}
      <SalesBeside data={data} filters={filters} idBase={idBase} />
    </div>
  );
}

/** Clicks → leads → customers, with sales and revenue beside. Shares the KPI row's requests (same keys, no extra call). */
export function FunnelCard({ view }: { view: CommonQuery }) {
  const [asTable, setAsTable] = useState(false);
  const figures = useFigures(view);
  return (
    <Card
      title="Conversion funnel"
      titleId="chart-funnel-title"
      actions={
        <ToggleButton pressed={asTable} onChange={setAsTable} label="Show as table, conversion funnel">
          Show as table
        </ToggleButton>
      }
    >
      {figures.data ? (
        // The last view's funnel, while this one loads, is dimmed and marked busy: visibly not this view's yet.
        <div
          aria-busy={figures.isPlaceholderData}
          className={
            figures.isPlaceholderData
              ? "flex flex-1 flex-col opacity-50 transition-opacity"
              : "flex flex-1 flex-col transition-opacity"
          }
        >
          <FunnelBody data={figures.data} filters={view.filters} asTable={asTable} />
        </div>
      ) : figures.error ? (
        <ChartError error={figures.error} onRetry={figures.refetch} />
      ) : (
        <SkeletonRows rows={3} label="Loading the funnel" />
      )}
    </Card>
  );
}
