"use client";

import type { AnalyticsQuery } from "@/lib/contract/analytics";
import { hasPreviousPeriod, useAnalytics } from "@/lib/queries/useAnalytics";
import { ChartError } from "../parts/ChartState";
import { KpiTile } from "./KpiTile";
import { KPIS } from "./kpis";

/**
 * Totals with their change against the previous period of equal length: two `count`
 * requests (event=composite), the current one first.
 */
export function KpiTiles({ query }: { query: AnalyticsQuery & { groupBy: "count" } }) {
  const current = useAnalytics(query, { priority: "high" });
  const comparable = hasPreviousPeriod(query);
  const previous = useAnalytics(query, { priority: "low", period: "previous", enabled: comparable });

  if (current.error && !current.data) {
    return (
      <ChartError error={current.error} onRetry={() => void current.refetch()} />
    );
  }

  const now = current.data;
  // A failed comparison only costs the badges, not the numbers.
  const before = comparable && !previous.error ? previous.data : null;
  const changeReady = now !== undefined && (!comparable || previous.error !== null || before !== undefined);

  return (
    <div role="group" aria-label="Key figures" aria-busy={current.isFetching || previous.isFetching} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {KPIS.map((kpi) => (
        <KpiTile
          key={kpi.id}
          id={kpi.id}
          label={kpi.label}
          dotClass={kpi.dotClass}
          hint={kpi.hint}
          value={now ? kpi.value(now) : null}
          change={changeReady && now ? kpi.change(now, before ?? null) : null}
          previousText={before ? kpi.previousText(before) : null}
          note={kpi.note?.(query.filters) ?? null}
        />
      ))}
    </div>
  );
}
