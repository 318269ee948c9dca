"use client";

import { createParser, parseAsStringLiteral, useQueryState } from "nuqs";
import { GRANULARITIES, type Granularity } from "@/lib/contract/analytics";

/**
 * UI-only URL parameters of the time series (never sent to the API as such): a shared URL
 * shows the same bucket size and comparison. Absent means "the default".
 */
const compareParser = createParser({ parse: (value) => (value === "1" ? true : null), serialize: () => "1" }).withOptions({ history: "push" });
const granularityParser = parseAsStringLiteral(GRANULARITIES).withOptions({ history: "push" });

export function useCompare(): [boolean, (on: boolean) => void] {
  const [value, setValue] = useQueryState("compare", compareParser);
  return [value === true, (on) => void setValue(on ? true : null)];
}

/** The granularity the user picked, written only when they pick one. */
export function useGranularityChoice(): [Granularity | null, (granularity: Granularity) => void] {
  const [value, setValue] = useQueryState("granularity", granularityParser);
  return [value, (granularity) => void setValue(granularity)];
}
