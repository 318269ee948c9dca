"use client";

import dynamic from "next/dynamic";
import { SkeletonRows } from "../parts/ChartState";

/**
 * A breakdown card requests nothing until it nears the viewport (BreakdownCard); its panels'
 * code (bars, table view, View all) waits for the same moment, out of the first visit.
 */
export function PanelLoading() {
  return <SkeletonRows rows={6} label="Loading" />;
}

export const GroupByPanel = dynamic(() => import("./GroupByPanel").then((m) => m.GroupByPanel), {
  ssr: false,
  loading: PanelLoading,
});
export const SaleTypePanel = dynamic(() => import("./SaleTypePanel").then((m) => m.SaleTypePanel), {
  ssr: false,
  loading: PanelLoading,
});
