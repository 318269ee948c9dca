import { analyticsReplySchemas, type AnalyticsReply } from "../../contract/analytics";
import { strictEvents, type LinkEvent } from "../../contract/events";
import type { GroupBy } from "../../contract/dimensions";
import { api, events, type RequestOptions } from "../testing/client";

/** Integration-test helpers for GET /analytics (and /events paging to check it against). */

export type Params = Record<string, string>;

/** GET /analytics; throws unless 200; the reply validated with the contract's strict schema. */
export async function analytics<G extends GroupBy>(
  groupBy: G,
  params: Params = {},
  key: RequestOptions["key"] = "business",
): Promise<AnalyticsReply<G>> {
  const qs = new URLSearchParams({ groupBy, ...params }).toString();
  const res = await api(`/analytics?${qs}`, { key });
  if (res.status !== 200) throw new Error(`GET /analytics?${qs} → ${res.status}: ${JSON.stringify(res.body)}`);
  return analyticsReplySchemas[groupBy].parse(res.body) as AnalyticsReply<G>;
}

/** Every event /events lists for the parameters, page after page of 1000. */
export async function allEvents(params: Params, key: RequestOptions["key"] = "business"): Promise<LinkEvent[]> {
  const out: LinkEvent[] = [];
  for (let page = 1; ; page++) {
    const batch = strictEvents.events.parse(await events({ ...params, limit: "1000", page: String(page) }, key));
    out.push(...batch);
    if (batch.length < 1000) return out;
  }
}
