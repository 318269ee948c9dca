import { analyticsQueryToParams, parseAnalyticsQuery } from "../contract/analytics";
import { eventsQueryToParams, parseEventsQuery } from "../contract/query";
import { keptCanonical } from "./canonicalQueries";
import type { UpstreamReply } from "./client";
import { disclosureVariant, redactAnalyticsReply, redactEventsReply, type Disclosure } from "./privacy";

/** A platform endpoint the dashboard proxies: its path, the contract's parse + canonical serialization, and what of a reply may leave the server. */
interface UpstreamEndpoint {
  path: string;
  /**
   * The canonical form of a request's query string (`URL#search`), serialised (no `?`), remembered
   * per string (./canonicalQueries.ts). Throws the contract's ApiError (400/422) for a query the platform would refuse.
   */
  canonical(search: string): string;
  /** The reply as this requester may see it. */
  shown(reply: UpstreamReply, disclosure: Disclosure): UpstreamReply;
  /** Names the variant `shown` makes, so a cache never serves one requester another's (empty when there is one variant). */
  variant(disclosure: Disclosure): string;
}

export const ENDPOINTS = {
  events: {
    path: "/events",
    canonical: keptCanonical((params) => eventsQueryToParams(parseEventsQuery(params))),
    shown: redactEventsReply,
    variant: disclosureVariant,
  },
  analytics: {
    path: "/analytics",
    canonical: keptCanonical((params) => analyticsQueryToParams(parseAnalyticsQuery(params))),
    shown: redactAnalyticsReply,
    variant: (disclosure) => (disclosure.hideEmails ? "emails=hidden" : ""),
  },
} satisfies Record<string, UpstreamEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
