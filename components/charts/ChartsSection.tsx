"use client";

import { filterDef } from "@/lib/filters/dimensions";
import { useFigures } from "@/lib/queries/useFigures";
import { Skeleton } from "@/components/ui/Skeleton";
import { PlanNotice } from "./parts/PlanNotice";
import { useView, type ViewState } from "@/lib/filters/useView";
import { useReport } from "@/lib/url/useUrlState";
import { PartnersReport } from "@/components/reports/PartnersReport";
import { ReportPicker } from "@/components/reports/ReportPicker";
// The reports' code comes with the page (about 5 and 3.6 kB gzip), not in chunks of their own: a chunk loaded on demand renders in a Suspense boundary of its own, which React sends apart from the
// figures once it is large (its table of 50 rows is) and reveals at least 300 ms after them, on a timer the page's
// script (hydration) holds back by seconds on a busy machine. In the figures' boundary, the table shows with them.
import { CustomersReport } from "@/components/reports/CustomersReport";
import { BreakdownCard } from "./breakdown/BreakdownCard";
import { BREAKDOWN_CARDS } from "./breakdown/cards";
import { FunnelCard } from "./funnel/FunnelCard";
import { KpiTiles } from "./kpi/KpiTiles";
import { DownloadViewButton } from "@/components/export/DownloadViewButton";
import { ViewFilesProvider } from "@/components/export/ViewFiles";
import { TimeSeriesCard } from "./timeseries/TimeSeriesCard";

/**
 * The analytics above the events table, all driven by the URL: KPI row, time series and
 * funnel, then the breakdown grid. The first screen's replies usually come with the page (the
 * server fetched them, lib/server/firstScreen.ts); else the figures (the chart's series and first
 * purchases) are asked for first, then the previous period, plus the open tab of each breakdown
 * card that is near the viewport.
 */
export function ChartsSection() {
  const view = useView();
  const [report, setReport] = useReport();
  // The figures' requests: a plan without analytics is said once, here, instead of on every card.
  const totals = useFigures(view.query);
  // The figures' refusal, said once here instead of on every card: a share link's lock (the view reaches outside it), the platform refusing the key (the page's notice says how to fix it).
  if (totals.error?.refusedBy) {
    return (
      <section aria-labelledby="charts-heading">
        <h2 id="charts-heading" className="sr-only">
          Analytics
        </h2>
        {totals.error.refusedBy === "share-lock" ? (
          <div role="status" className="rounded-xl border border-indigo-200 bg-indigo-50 px-6 py-8 text-center">
            <p className="text-sm font-semibold text-zinc-900">This view is outside the shared link</p>
            <p className="mx-auto mt-1.5 max-w-xl text-sm text-zinc-700">
              {totals.error.message} Narrow the range or filters to lie within the link&apos;s view, or open the link
              again as it was shared.
            </p>
          </div>
        ) : (
          <p className="rounded-xl border border-zinc-200 bg-white px-6 py-8 text-center text-sm text-zinc-600">
            No figures: the platform refused this workspace&apos;s key (see above).
          </p>
        )}
      </section>
    );
  }
  if (totals.error?.status === 403) {
    return (
      <section aria-labelledby="charts-heading">
        <h2 id="charts-heading" className="sr-only">
          Analytics
        </h2>
        <PlanNotice error={totals.error} />
      </section>
    );
  }
  // Until the platform has answered once (or the page came with the answers), only the figures' requests are out: a plan without analytics costs one refusal, not one per card.
  if (!totals.data && !totals.error) {
    return (
      <section aria-labelledby="charts-heading" aria-busy="true" className="flex flex-col gap-4">
        <h2 id="charts-heading" className="sr-only">
          Analytics
        </h2>
        <ChartsPlaceholder cards={cardsFor(view).length} />
      </section>
    );
  }
  return (
    <ViewFilesProvider>
      <section aria-labelledby="charts-heading" className="flex flex-col gap-4">
        <h2 id="charts-heading" className="sr-only">
          Analytics
        </h2>
        <KpiTiles view={view.query} />
        <div className="flex flex-wrap items-start justify-between gap-2">
          <ReportPicker report={report} onChange={setReport} />
          <DownloadViewButton query={view.query} />
        </div>
        {report === "partners" ? (
          <PartnersReport view={view.query} onFilterPartner={(clause) => void view.setFilter("partnerId", clause)} />
        ) : report === "customers" ? (
          <CustomersReport view={view.query} onFilterPartner={(clause) => void view.setFilter("partnerId", clause)} />
        ) : (
          <Overview view={view} />
        )}
      </section>
    </ViewFilesProvider>
  );
}

const cardsFor = (view: ViewState) =>
  BREAKDOWN_CARDS.filter((card) => !card.events || card.events.includes(view.query.event));

/**
 * The overview's shape while the first answer is awaited: as tall as the cards it stands for, so
 * what is below (the events, which load when near the viewport) is not pulled up meanwhile.
 */
function ChartsPlaceholder({ cards }: { cards: number }) {
  return (
    <>
      <Skeleton className="h-28 w-full rounded-xl" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Skeleton className="h-96 w-full rounded-xl lg:col-span-2" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} className="min-h-[25rem] w-full rounded-xl" />
        ))}
      </div>
    </>
  );
}

/** The overview report: time series and funnel, then the breakdown grid. */
function Overview({ view }: { view: ViewState }) {
  const cards = cardsFor(view);
  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <TimeSeriesCard view={view.query} />
        <FunnelCard view={view.query} />
      </div>
      {view.notOnKind.length > 0 && (
        <p className="text-xs text-zinc-600">
          {`The breakdowns count ${view.query.event}, which have no ${view.notOnKind.map((param) => filterDef(param).label.toLowerCase()).join(" or ")}: they are counted without that filter.`}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {cards.map((card) => (
          <BreakdownCard key={card.id} spec={card} view={view.query} onFilter={view.setFilter} />
        ))}
      </div>
    </>
  );
}

export default ChartsSection;
