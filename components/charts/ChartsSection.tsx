"use client";

import { chartQuery } from "@/lib/analytics/queries";
import { useView } from "@/lib/filters/useView";
import { BreakdownCard } from "./breakdown/BreakdownCard";
import { BREAKDOWN_CARDS } from "./breakdown/cards";
import { FunnelCard } from "./funnel/FunnelCard";
import { KpiTiles } from "./kpi/KpiTiles";
import { TimeSeriesCard } from "./timeseries/TimeSeriesCard";

/**
 * The analytics above the events table, all driven by the URL: KPI row, time series and
 * funnel, then the breakdown grid. First view: 2 `count` + 1 `timeseries`, plus the open tab
 * of each breakdown card that is near the viewport.
 */
export function ChartsSection() {
  const view = useView();
  const kpiQuery = chartQuery(view.query, "composite", "count");
  const cards = BREAKDOWN_CARDS.filter((card) => !card.events || card.events.includes(view.query.event));

  return (
    <section aria-labelledby="charts-heading" className="flex flex-col gap-4">
      <h2 id="charts-heading" className="sr-only">
        Analytics
      </h2>
      <KpiTiles query={kpiQuery} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <TimeSeriesCard view={view.query} />
        <FunnelCard query={kpiQuery} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {cards.map((card) => (
          <BreakdownCard key={card.id} spec={card} view={view.query} onFilter={view.setFilter} />
        ))}
      </div>
    </section>
  );
}

export default ChartsSection;
