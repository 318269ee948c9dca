import { topLinkRow } from "../../analytics/topLinkRow.fixture";
import type { Metrics, TimeseriesRow } from "../../contract/analytics";
import type { FirstScreenData, StreamedReply } from "../firstScreenReplies";

/** What the first screen's tests share: a clock's minute, the platform's replies, and a loader that answers only when told. */

export const NOW = Date.UTC(2026, 10, 25, 16, 40);
export const COUNT: Metrics = { clicks: 10, leads: 4, sales: 2, saleAmount: 900 };
export const SERIES: TimeseriesRow[] = [
  { start: "2026-10-26T00:00:00.000Z", clicks: 0, leads: 0, sales: 0, saleAmount: 0 },
  { start: "2026-11-24T00:00:00.000Z", clicks: 7, leads: 3, sales: 1, saleAmount: 500 },
  { start: "2026-11-25T00:00:00.000Z", clicks: 5, leads: 1, sales: 1, saleAmount: 400 },
];

export const LINKS = [topLinkRow("link_a", "pn_1", 1, 300), topLinkRow("link_b", null, 1, 200)];
export const REPLIES: Record<string, unknown> = { timeseries: SERIES, top_links: LINKS, top_partners: [] };

/** A loader that records each request and answers only when told: what starts before any answer is what starts at once. */
export function recordingLoader() {
  const calls: { endpoint: string; params: URLSearchParams; priority: number }[] = [];
  const waiting: { params: URLSearchParams; answer: () => void }[] = [];
  const load = (endpoint: string, params: string, priority: number) => {
    // The chart's notes: the dashboard's own database, at once (not an upstream request).
    if (endpoint === "annotations") return Promise.resolve({ annotations: [] });
    const parsed = new URLSearchParams(params);
    calls.push({ endpoint, params: parsed, priority });
    return new Promise<unknown>((resolve) =>
      waiting.push({
        params: parsed,
        answer: () => resolve(REPLIES[parsed.get("groupBy") ?? ""] ?? COUNT),
      }),
    );
  };
  const answer = (which: (params: URLSearchParams) => boolean) => {
    for (const wait of waiting.filter((w) => which(w.params))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.answer();
    }
  };
  const answerAll = () => answer(() => true);
  return { calls, load, answer, answerAll };
}

/** A streamed reply in a few words: "count low", "events sales". */
export const streamedAs = (r: StreamedReply) =>
  r.kind === "analytics" ? `${r.groupBy} ${r.priority}` : r.kind === "customers" ? `events ${r.events}` : r.kind;

/** Every key the first screen fills: in the HTML, or streamed after it. */
export const keysOf = (data: FirstScreenData | null) =>
  data ? [...data.state.queries.map((q) => q.queryKey), ...data.streamed.map((r) => r.queryKey)] : [];

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
