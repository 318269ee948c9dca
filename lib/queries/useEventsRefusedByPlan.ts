"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { CommonQuery } from "../contract/query";
import { useApiScope } from "../scope/ApiScopeContext";
import { customersReadsKey } from "./customersReads";
import { RequestError } from "./requestError";

/**
 * Whether the page already knows that the plan refuses GET /events: the customers report's first
 * read of leads is held refused (said in the HTML, ./refusedReads.ts, or refused since). Any other
 * read of events, the events table's, would be refused alike (the same endpoint, the same key), so
 * it need not be asked to be told so. Read from the cache, not watched: a refusal learnt later
 * leaves the table to ask, as before.
 */
export function useEventsRefusedByPlan(view: CommonQuery): boolean {
  const client = useQueryClient();
  const scope = useApiScope();
  const error = client.getQueryState(customersReadsKey(scope, view, "leads"))?.error;
  return error instanceof RequestError && error.status === 403 && !error.refusedBy;
}
