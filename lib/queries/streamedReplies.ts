import type { QueryClient } from "@tanstack/react-query";
import type { ApiScope } from "../scope/apiScope";
import { FIRST_PAGE_READS, readCustomersRead, type CustomersRead } from "./customersReads";
import { fetchAnnotations } from "./annotationsKey";
import { fetchAnalytics, readAnalyticsReply } from "./fetchAnalytics";
import { fetchJson, PRIORITY } from "./fetchJson";
import type { StreamedReply } from "./firstScreenReplies";

/** A streamed reply the server could not get, for a key no hook on the page wants (yet). */
class NotAsked extends Error {}

/** Whether a hook that would send the request watches `key` now. */
function wanted(client: QueryClient, key: readonly unknown[]): boolean {
  return client.getQueryCache().find({ queryKey: key, exact: true })?.isActive() ?? false;
}

/**
 * Puts one reply the server streams after the HTML (./firstScreenState.ts) in the browser's cache
 * under its key, loading until its body arrives, so no hook sends the same request meanwhile. A
 * body of null (the server could not get it): asked for here, with the very same request, when a
 * hook wants it (its refusal is then said as usual); else the key is dropped, and a hook that comes
 * to want it later asks itself.
 */
export function awaitStreamedReply(client: QueryClient, scope: ApiScope, reply: StreamedReply): void {
  // A key a hook has only created (rendered, not yet fetching) still takes the server's reply.
  const state = client.getQueryState(reply.queryKey);
  if (state && (state.data !== undefined || state.fetchStatus === "fetching")) return;
  const settled =
    reply.kind === "analytics"
      ? client.prefetchQuery({
          queryKey: reply.queryKey,
          queryFn: async ({ signal }) => {
            const body = await reply.body;
            if (body !== null) return readAnalyticsReply(reply.groupBy, body);
            if (!wanted(client, reply.queryKey)) throw new NotAsked();
            return fetchAnalytics(scope, reply.groupBy, reply.params, reply.priority, signal);
          },
        })
      : reply.kind === "annotations"
        ? client.prefetchQuery({
            queryKey: reply.queryKey,
            queryFn: async ({ signal }) => {
              const annotations = await reply.body;
              if (annotations !== null) return annotations;
              if (!wanted(client, reply.queryKey)) throw new NotAsked();
              return fetchAnnotations(scope, signal);
            },
          })
        : awaitCustomersReads(client, scope, reply);
  void settled.then(() => {
    if (client.getQueryState(reply.queryKey)?.error instanceof NotAsked && !wanted(client, reply.queryKey))
      client.removeQueries({ queryKey: reply.queryKey, exact: true });
  });
}

/**
 * A kind's customers reads the server streams: every read it made for the table's first page, as
 * the pages of the hook's infinite query (so the hook reads on from there, not again); none (null):
 * the first read asked for here when the hook wants it.
 */
function awaitCustomersReads(
  client: QueryClient,
  scope: ApiScope,
  reply: Extract<StreamedReply, { kind: "customers" }>,
): Promise<void> {
  let kept: CustomersRead[] | null = null;
  return client.prefetchInfiniteQuery({
    queryKey: reply.queryKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      kept = await reply.body;
      const read = kept?.[pageParam - 1];
      if (read) return read;
      if (!wanted(client, reply.queryKey)) throw new NotAsked();
      return readCustomersRead(
        await fetchJson(scope, `/api/events?${reply.params}`, signal, PRIORITY.visible),
        reply.events,
      );
    },
    // Only the reads the server made: what the page needs past them, its hook reads (./useCustomers.ts).
    getNextPageParam: (_last: CustomersRead, all: readonly CustomersRead[]) =>
      kept !== null && all.length < kept.length ? all.length + 1 : undefined,
    pages: FIRST_PAGE_READS,
  });
}
