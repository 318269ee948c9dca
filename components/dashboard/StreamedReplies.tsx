"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { StreamedReply } from "@/lib/queries/firstScreenState";
import { awaitStreamedReply } from "@/lib/queries/streamedReplies";
import { useApiScope } from "@/lib/scope/ApiScopeContext";

/**
 * The first screen's replies the server sends after the HTML (lib/queries/firstScreenState.ts):
 * each key enters the browser's cache at once, loading, before any hook below asks for it (this
 * renders first, in the browser only), so the page waits for the server's reply instead of sending
 * the same request again (lib/queries/streamedReplies.ts).
 */
export function StreamedReplies({ replies }: { replies: StreamedReply[] }) {
  const client = useQueryClient();
  const scope = useApiScope();
  useState(() => {
    if (typeof window === "undefined") return;
    for (const reply of replies) awaitStreamedReply(client, scope, reply);
  });
  return null;
}
