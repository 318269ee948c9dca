"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect } from "react";
import type { StreamedReply } from "@/lib/queries/firstScreenReplies";
import { awaitStreamedReply } from "@/lib/queries/streamedReplies";
import { useApiScope } from "@/lib/scope/ApiScopeContext";

/**
 * The first screen's replies the server sends after the HTML (lib/queries/firstScreenState.ts):
 * each key enters the browser's cache, loading, in the commit that mounts the page, before any
 * hook fetches (layout effects run before the passive effects in which a hook's query starts), so
 * the page waits for the server's reply instead of sending the same request again
 * (lib/queries/streamedReplies.ts).
 */
export function StreamedReplies({ replies }: { replies: StreamedReply[] }) {
  const client = useQueryClient();
  const scope = useApiScope();
  useLayoutEffect(() => {
    for (const reply of replies) awaitStreamedReply(client, scope, reply);
  }, [client, scope, replies]);
  return null;
}
