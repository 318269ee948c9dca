import { analyticsQueryToParams, parseAnalyticsQuery } from "../contract/analytics";
import { eventsQueryToParams, parseEventsQuery } from "../contract/query";

/** A platform endpoint the dashboard proxies: its path and the contract's parse + canonical serialization. */
export interface UpstreamEndpoint {
  path: string;
  /** Throws the contract's ApiError (400/422) for a query the platform would refuse. */
  canonical(params: URLSearchParams): URLSearchParams;
}

export const ENDPOINTS = {
  events: { path: "/events", canonical: (params) => eventsQueryToParams(parseEventsQuery(params)) },
  analytics: { path: "/analytics", canonical: (params) => analyticsQueryToParams(parseAnalyticsQuery(params)) },
} satisfies Record<string, UpstreamEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
