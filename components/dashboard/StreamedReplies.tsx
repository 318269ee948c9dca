"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { nextRead, readCustomersRead, type CustomersRead } from "@/lib/queries/customersReads";
import { fetchAnalytics, readAnalyticsReply } from "@/lib/queries/fetchAnalytics";
import { fetchJson, PRIORITY } from "@/lib/queries/fetchJson";
import type { StreamedReply } from "@/lib/queries/firstScreenState";
import type { ApiScope } from "@/lib/scope/apiScope";
import { useApiScope } from "@/lib/scope/ApiScopeContext";

/** Puts one streamed reply's key in the cache, loading until its body arrives (or the browser has asked for it itself). */
function awaitReply(client: QueryClient, scope: ApiScope, reply: StreamedReply): void {
  if (reply.kind === "analytics") {
    void client.prefetchQuery({
      queryKey: reply.queryKey,
      queryFn: async ({ signal }) => {
        const body = await reply.body;
        return body === null
          ? fetchAnalytics(scope, reply.groupBy, reply.params, reply.priority, signal)
          : readAnalyticsReply(reply.groupBy, body);
      },
    });
    return;
  }
  void client.prefetchInfiniteQuery({
    queryKey: reply.queryKey,
    initialPageParam: 1,
    queryFn: async ({ signal }) => {
      const body =
        (await reply.body) ?? (await fetchJson(scope, `/api/events?${reply.params}`, signal, PRIORITY.visible));
      return readCustomersRead(body, reply.events);
    },
    getNextPageParam: (last: CustomersRead, all: readonly CustomersRead[]) => nextRead(reply.events, last, all),
  });
}

/**
 * The first screen's replies the server sends after the HTML (lib/queries/firstScreenState.ts):
 * each key enters the browser's cache at once, loading, before any hook below asks for it (this
 * renders first, in the browser only), so the page waits for the server's reply instead of sending
 * the same request again. A reply the server could not get is asked for here, once, with the very
 * same request, so its refusal or error is said as usual.
 */
export function StreamedReplies({ replies }: { replies: StreamedReply[] }) {
  const client = useQueryClient();
  const scope = useApiScope();
  useState(() => {
    if (typeof window === "undefined") return;
    for (const reply of replies) if (!client.getQueryState(reply.queryKey)) awaitReply(client, scope, reply);
  });
  return null;
}
