import { analyticsReplySchemas, type AnalyticsReply } from "../../contract/analytics";
import { strictEvents, type LinkEvent } from "../../contract/events";
import type { GroupBy } from "../../contract/dimensions";
import { api, type ApiResponse, type RequestOptions } from "../testing/client";

/** Integration-test helpers for GET /analytics (and /events paging to check it against). */

export type Params = Record<string, string>;

/** Sends a GET with a demo key: to the integration project's platform process, or to a platform of the test's own. */
export type Get = (path: string, key: RequestOptions["key"]) => Promise<ApiResponse>;

const projectPlatform: Get = (path, key) => api(path, { key });

/** The helpers below, against the platform `get` reaches. */
export function analyticsClient(get: Get) {
  /** GET /analytics; throws unless 200; the reply validated with the contract's strict schema. */
  async function analytics<G extends GroupBy>(
    groupBy: G,
    params: Params = {},
    key: RequestOptions["key"] = "business",
  ): Promise<AnalyticsReply<G>> {
    const qs = new URLSearchParams({ groupBy, ...params }).toString();
    const res = await get(`/analytics?${qs}`, key);
    if (res.status !== 200) throw new Error(`GET /analytics?${qs} → ${res.status}: ${JSON.stringify(res.body)}`);
    return analyticsReplySchemas[groupBy].parse(res.body) as AnalyticsReply<G>;
  }

  /** Every event /events lists for the parameters, page after page of 1000. */
  async function allEvents(params: Params, key: RequestOptions["key"] = "business"): Promise<LinkEvent[]> {
    const out: LinkEvent[] = [];
    for (let page = 1; ; page++) {
      const qs = new URLSearchParams({ ...params, limit: "1000", page: String(page) }).toString();
      const res = await get(`/events?${qs}`, key);
      if (res.status !== 200) throw new Error(`GET /events?${qs} → ${res.status}: ${JSON.stringify(res.body)}`);
      const batch = strictEvents.events.parse(res.body);
      out.push(...batch);
      if (batch.length < 1000) return out;
    }
  }

  return { analytics, allEvents };
}

export const { analytics, allEvents } = analyticsClient(projectPlatform);
