"use client";

import type { CommonQuery } from "@/lib/contract/query";
import { comparedWithText, PREVIOUS_PERIOD } from "@/lib/analytics/comparison";
import { hasPreviousPeriod } from "@/lib/queries/useAnalytics";
import { totalsQuery, useFigures } from "@/lib/queries/useFigures";
import { useComparison } from "@/lib/url/useUrlState";
import { ChartError } from "../parts/ChartState";
import { useCompareRefusal } from "../parts/useCompareRefusal";
import { KpiTile } from "./KpiTile";
import { KPIS } from "./kpis";
import { keyFiguresTable } from "./keyFiguresCsv";
import { useViewFile } from "@/components/export/ViewFiles";

/**
 * Totals and rates with their change against the URL's comparison (the previous period when it
 * names none): the chart's series (or a count) and the first-purchases `count` (when the view
 * leaves sale type open), for each period.
 */
export function KpiTiles({ view }: { view: CommonQuery }) {
  // On a share link whose dates do not hold the period compared with, no change is asked for, and the row says why.
  const lockedOut = useCompareRefusal(view);
  const [comparison] = useComparison();
  const against = comparison ?? PREVIOUS_PERIOD;
  const comparable = hasPreviousPeriod(totalsQuery(view), against) && lockedOut === null;
  const current = useFigures(view);
  const previous = useFigures(view, { period: against, enabled: comparable });

  // Never the last view's figure under this view's range and filters: while this one loads, placeholders.
  const now = current.isPlaceholderData ? undefined : current.data;
  // A failed comparison only costs the badges, not the numbers.
  const before = comparable && !previous.error && !previous.isPlaceholderData ? previous.data : null;
  const changeReady =
    now !== undefined && (!comparable || previous.error !== null || (before !== undefined && before !== null));
  // "Download view" holds the key figures as a table.
  useViewFile(
    "key-figures",
    now
      ? {
          name: "key-figures.csv",
          order: 0,
          produce: async () => {
            const { tableCsv } = await import("@/lib/export/table");
            const table = keyFiguresTable(now, before ?? null, comparedWithText(against));
            return tableCsv(table.header, table.rows);
          },
        }
      : null,
  );

  if (current.error && !current.data) return <ChartError error={current.error} onRetry={current.refetch} />;

  const tiles = (
    <div
      role="group"
      aria-label="Key figures"
      aria-busy={current.isFetching || previous.isFetching}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
    >
      {KPIS.map((kpi) => (
        <KpiTile
          key={kpi.id}
          id={kpi.id}
          label={kpi.label}
          dotClass={kpi.dotClass}
          value={now ? kpi.value(now) : null}
          detail={now ? (kpi.detail?.(now) ?? null) : null}
          change={changeReady && now ? kpi.change(now, before ?? null) : null}
          previousText={before ? kpi.previousText(before) : null}
          against={comparedWithText(against)}
          note={now ? (kpi.note?.(view.filters, now) ?? null) : null}
        />
      ))}
    </div>
  );
  if (!lockedOut) return tiles;
  return (
    <div className="space-y-1.5">
      {tiles}
      <p className="text-xs text-zinc-600">
        No change against the previous period: {lockedOut.charAt(0).toLowerCase()}
        {lockedOut.slice(1)}
      </p>
    </div>
  );
}
