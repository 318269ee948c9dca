import { readComparison } from "../analytics/comparison";
import { readView } from "../filters/view";
import { API_KEYS, DASHBOARD_KEYS, REPORTS, type ApiKey, type Report } from "../url/keys";
import type { ChartChoice } from "./figurePlan";

/** The report a URL opens on (the overview unless it names another). */
export function readReport(raw: string | null): Report {
  return (REPORTS as readonly string[]).includes(raw ?? "") ? (raw as Report) : "overview";
}

/** The view and chart choices the URL holds, as the browser's first render reads them (a URL without a zone: UTC). */
export function viewOfSearch(search: URLSearchParams) {
  const raw: Partial<Record<ApiKey, string>> = {};
  for (const key of Object.keys(API_KEYS) as ApiKey[]) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  const view = readView(raw, "UTC").query;
  const granularity = search.get("granularity");
  const comparison = readComparison({
    compare: search.get("compare"),
    compareStart: search.get("compareStart"),
    compareEnd: search.get("compareEnd"),
    compareMatch: search.get("compareMatch"),
  });
  const choice: ChartChoice = {
    granularity: granularity === null ? null : DASHBOARD_KEYS.granularity.parse(granularity),
    comparison,
  };
  return { view, choice };
}
