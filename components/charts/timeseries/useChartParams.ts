"use client";

import { createParser, parseAsStringLiteral, useQueryState } from "nuqs";
import { GRANULARITIES, type Granularity } from "@/lib/contract/analytics";
import type { Metric } from "../metrics";

/**
 * UI-only URL parameters of the time series (never sent to the API as such): a shared URL
 * shows the same bucket size, comparison and metric. Absent means "the default".
 */
const compareParser = createParser({ parse: (value) => (value === "1" ? true : null), serialize: () => "1" }).withOptions({ history: "push" });
const granularityParser = parseAsStringLiteral(GRANULARITIES).withOptions({ history: "push" });

/** The metric as the URL spells it: what the button says, not the API's field name. */
const METRIC_IN_URL: Record<Metric, string> = { clicks: "clicks", leads: "leads", sales: "sales", saleAmount: "revenue" };
export const metricParser = createParser<Metric>({
  parse: (value) => (Object.keys(METRIC_IN_URL) as Metric[]).find((metric) => METRIC_IN_URL[metric] === value) ?? null,
  serialize: (metric) => METRIC_IN_URL[metric],
}).withOptions({ history: "push" });

export function useCompare(): [boolean, (on: boolean) => void] {
  const [value, setValue] = useQueryState("compare", compareParser);
  return [value === true, (on) => void setValue(on ? true : null)];
}

/** The granularity the user picked, written only when they pick one. */
export function useGranularityChoice(): [Granularity | null, (granularity: Granularity) => void] {
  const [value, setValue] = useQueryState("granularity", granularityParser);
  return [value, (granularity) => void setValue(granularity)];
}

/** The metric shown: the URL's, else the event kind's own; picking that default clears the URL's. */
export function useMetricChoice(fallback: Metric): [Metric, (metric: Metric) => void] {
  const [value, setValue] = useQueryState("metric", metricParser);
  return [value ?? fallback, (metric) => void setValue(metric === fallback ? null : metric)];
}
