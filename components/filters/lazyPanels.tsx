"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";

/**
 * The filter panels open on a click (their popovers mount content only while open), so their
 * code (value lists, metadata input, custom range) loads then and stays out of the first visit.
 */
function PanelLoading() {
  return (
    <div role="status" className="space-y-2 p-3">
      <span className="sr-only">Loading</span>
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-6 w-2/3" />
    </div>
  );
}

export const FilterEditor = dynamic(() => import("./FilterEditor").then((m) => m.FilterEditor), { ssr: false, loading: PanelLoading });
export const FilterPicker = dynamic(() => import("./FilterPicker").then((m) => m.FilterPicker), { ssr: false, loading: PanelLoading });
export const CustomRangeForm = dynamic(() => import("./CustomRangeForm").then((m) => m.CustomRangeForm), { ssr: false, loading: PanelLoading });
