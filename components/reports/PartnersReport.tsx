"use client";

import { useId } from "react";
import { rangeFileName } from "@/lib/format/date";
import { useNow } from "@/lib/hooks/useNow";
import { safeRange } from "@/lib/queries/figurePlan";
import { describeChange, describePointChange } from "@/lib/analytics/change";
import type { Figures } from "@/lib/analytics/conversion";
import {
  PARTNER_MEASURE_IDS,
  sortPartners,
  withoutPartner,
  type PartnerFigures,
  type PartnerMeasure,
  type SortKey,
} from "@/lib/analytics/partners";
import type { CommonQuery, FilterClause } from "@/lib/contract/query";
import { useFigures } from "@/lib/queries/useFigures";
import { usePartnersReport } from "@/lib/queries/usePartnersReport";
import { useCompareRefusal } from "@/components/charts/parts/useCompareRefusal";
import { useReportSort } from "@/lib/url/useUrlState";
import { useCardComparison } from "@/components/charts/parts/useCardComparison";
import { Flag } from "@/components/ui/Flag";
import { ChangeBadge } from "@/components/charts/kpi/ChangeBadge";
import { Card } from "@/components/charts/parts/Card";
import { ChartError, SkeletonRows } from "@/components/charts/parts/ChartState";
import { emptyText } from "@/components/charts/parts/emptyText";
import { ToggleButton } from "@/components/charts/parts/ToggleButton";
import { MEASURE_COLUMNS, PARTNER_MEASURES } from "./partnerColumns";
import { PartnersCsvButton } from "./PartnersCsvButton";
import { SortHeader } from "./SortHeader";

interface Props {
  view: CommonQuery;
  onFilterPartner: (clause: FilterClause) => void;
}

const DEFAULT_SORT = "revenue";
/**
 * The partner column stays put while the figures scroll sideways under a narrow screen. On a phone
 * it has a set width (names and emails wrap in it), which the scrolling box keeps clear
 * (SCROLLER): a column scrolled to, or a header reached with Tab, comes to rest beside it, not
 * under it.
 */
const STICKY =
  "sticky left-0 z-[1] bg-white max-sm:w-36 max-sm:min-w-36 max-sm:max-w-36 max-sm:[overflow-wrap:anywhere]";
/** relative: the screen-reader-only caption (positioned absolutely) stays inside the scrolling box instead of widening the page. */
const SCROLLER = "relative overflow-x-auto max-sm:scroll-pl-36";

function change(measure: PartnerMeasure, current: Figures, previous: Figures | undefined) {
  if (!previous) return null;
  const now = PARTNER_MEASURES[measure](current);
  const before = PARTNER_MEASURES[measure](previous);
  if (MEASURE_COLUMNS[measure].rate) return describePointChange(now, before);
  return now === null ? null : describeChange(now, before);
}

/** A figure, and when comparing (`previous` not undefined) its change; `previous` null: nothing to compare with. */
function Cell({
  measure,
  figures,
  previous,
}: {
  measure: PartnerMeasure;
  figures: Figures;
  previous?: Figures | null;
}) {
  const column = MEASURE_COLUMNS[measure];
  const value = PARTNER_MEASURES[measure](figures);
  const before = previous ? PARTNER_MEASURES[measure](previous) : null;
  const delta = previous ? change(measure, figures, previous) : null;
  return (
    <td className="px-3 py-2 text-right align-top tabular-nums">
      <span className="block text-zinc-900">{value === null ? "—" : column.show(value)}</span>
      {previous !== undefined && delta && (
        <ChangeBadge change={delta} previousText={before === null ? null : column.show(before)} />
      )}
    </td>
  );
}

/**
 * One row per partner for the current view: every kind's counts, customers (first purchases),
 * revenue new and recurring, rates and average sale; sortable by any column (in the URL), with
 * the previous period's change when comparing, and rows for links without a partner and the
 * total, which equals the page's tiles. Clicking a partner filters the whole page to it.
 */
export function PartnersReport({ view, onFilterPartner }: Props) {
  const { comparing: comparison, comparable: periodComparable, toggleLabel, setOn } = useCardComparison(view);
  // On a share link whose dates do not hold the period compared with, the toggle is off and says why.
  const lockedOut = useCompareRefusal(view);
  const comparable = periodComparable && lockedOut === null;
  const comparing = comparison !== null && comparable;
  const current = usePartnersReport(view);
  const previous = usePartnersReport(view, { period: comparison ?? "previous", enabled: comparing });
  const totals = useFigures(view);
  const totalsBefore = useFigures(view, { period: comparison ?? "previous", enabled: comparing });
  const [sort, setSort] = useReportSort(DEFAULT_SORT);
  const captionId = useId();
  const now = useNow();
  const range = now ? safeRange(view, now) : null;

  const key =
    (PARTNER_MEASURE_IDS as readonly string[]).includes(sort.column) || sort.column === "name"
      ? (sort.column as SortKey)
      : DEFAULT_SORT;
  // Figures read largest first, names A to Z; reversed flips that.
  const ascending = key === "name" ? !sort.reversed : sort.reversed;
  const partners = current.data ? sortPartners(current.data, key, ascending) : undefined;
  const before = new Map((previous.data ?? []).map((p) => [p.partnerId, p]));
  const all = totals.data;
  const rest = partners && all ? withoutPartner(all, partners) : null;
  const restBefore = previous.data && totalsBefore.data ? withoutPartner(totalsBefore.data, previous.data) : undefined;
  const previousOf = (p: PartnerFigures) => (comparing ? (before.get(p.partnerId) ?? null) : undefined);

  return (
    <Card
      title="Partners"
      titleId="report-partners-title"
      actions={
        <>
          <ToggleButton
            pressed={comparing}
            onChange={setOn}
            disabled={!comparable}
            title={
              lockedOut ??
              (comparable
                ? "Each figure against the period compared with; X toggles it"
                : "All time has no previous period")
            }
          >
            {toggleLabel}
          </ToggleButton>
          <PartnersCsvButton
            partners={partners}
            rest={rest}
            fileName={range ? rangeFileName("linklens-partners", range, view.timezone) : "linklens-partners.csv"}
          />
        </>
      }
    >
      {current.error && !partners ? (
        <ChartError error={current.error} onRetry={current.refetch} />
      ) : !partners ? (
        <SkeletonRows rows={6} label="Loading the partners" />
      ) : partners.length === 0 ? (
        <p className="py-8 text-center text-sm text-zinc-600">
          {emptyText("partners", Object.keys(view.filters).length > 0)}
        </p>
      ) : (
        <>
          <p className="mb-2 text-xs text-zinc-600 lg:hidden">
            Scroll the table sideways for every figure; the partner column stays.
          </p>
          <div className={SCROLLER}>
            <table className="w-full min-w-[64rem] text-sm" aria-describedby={captionId}>
              <caption id={captionId} className="sr-only">
                Partners of this view, sorted by {key === "name" ? "name" : MEASURE_COLUMNS[key].label.toLowerCase()}
              </caption>
              <thead className="text-xs text-zinc-600">
                <tr>
                  <SortHeader
                    id="name"
                    label="Partner"
                    align="start"
                    className={STICKY}
                    sort={{ column: key, ascending }}
                    naturalAscending
                    onSort={setSort}
                  />
                  {PARTNER_MEASURE_IDS.map((measure) => (
                    <SortHeader
                      key={measure}
                      id={measure}
                      label={MEASURE_COLUMNS[measure].label}
                      hint={MEASURE_COLUMNS[measure].hint}
                      sort={{ column: key, ascending }}
                      onSort={setSort}
                    />
                  ))}
                </tr>
              </thead>
              <tbody>
                {partners.map((p) => (
                  <tr key={p.partnerId} className="border-t border-zinc-100">
                    <th scope="row" className={`px-3 py-2 text-left align-top font-normal ${STICKY}`}>
                      <button
                        type="button"
                        onClick={() => onFilterPartner({ exclude: false, values: [p.partnerId] })}
                        className="flex items-center gap-1.5 rounded text-left font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                      >
                        <Flag country={p.country} />
                        {p.name}
                      </button>
                      {p.email && <span className="block text-xs text-zinc-600">{p.email}</span>}
                    </th>
                    {PARTNER_MEASURE_IDS.map((measure) => (
                      <Cell key={measure} measure={measure} figures={p} previous={previousOf(p)} />
                    ))}
                  </tr>
                ))}
              </tbody>
              {rest && all && (
                <tfoot className="border-t-2 border-zinc-200">
                  <tr>
                    <th scope="row" className={`px-3 py-2 text-left font-normal text-zinc-700 ${STICKY}`}>
                      Links without a partner
                    </th>
                    {PARTNER_MEASURE_IDS.map((measure) => (
                      <Cell
                        key={measure}
                        measure={measure}
                        figures={rest}
                        previous={comparing ? (restBefore ?? null) : undefined}
                      />
                    ))}
                  </tr>
                  <tr className="font-semibold">
                    <th scope="row" className={`px-3 py-2 text-left ${STICKY}`}>
                      All links
                    </th>
                    {PARTNER_MEASURE_IDS.map((measure) => (
                      <Cell
                        key={measure}
                        measure={measure}
                        figures={all}
                        previous={comparing ? (totalsBefore.data ?? null) : undefined}
                      />
                    ))}
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
