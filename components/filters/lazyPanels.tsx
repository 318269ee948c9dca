"use client";

import dynamic from "next/dynamic";
import { LoadingPanel } from "@/components/ui/LoadingPanel";

/**
 * The filter panels open on a click (their popovers mount content only while open), so their
 * code (value lists, metadata input, custom range) loads then and stays out of the first visit.
 */
function PanelLoading() {
  return <LoadingPanel className="p-3" />;
}

export const FilterEditor = dynamic(() => import("./FilterEditor").then((m) => m.FilterEditor), {
  ssr: false,
  loading: PanelLoading,
});
export const FilterPicker = dynamic(() => import("./FilterPicker").then((m) => m.FilterPicker), {
  ssr: false,
  loading: PanelLoading,
});
export const CustomRangeForm = dynamic(() => import("./CustomRangeForm").then((m) => m.CustomRangeForm), {
  ssr: false,
  loading: PanelLoading,
});
