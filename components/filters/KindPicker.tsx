"use client";

import { EVENT_KINDS } from "@/lib/contract/dimensions";
import { KIND_LABELS } from "@/lib/filters/dimensions";
import type { ViewState } from "@/lib/filters/useView";
import { Segmented } from "@/components/ui/Segmented";

const OPTIONS = EVENT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

/**
 * The kind of event the page is about: the events table lists it, the breakdowns count it. The
 * KPI row, time series and funnel show every kind whatever is picked, and every filter means
 * the same whatever is picked (a filter of some kinds only narrows those, always).
 */
export function KindPicker({ view }: { view: ViewState }) {
  return (
    <Segmented
      label="Event kind"
      options={OPTIONS}
      value={view.query.event}
      onChange={(kind) => void view.setEvent(kind)}
      size="md"
    />
  );
}
