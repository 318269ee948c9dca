"use client";

import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { sendJson } from "@/lib/scope/sendJson";
import { listKey } from "./useList";

/** A state-changing request to the dashboard's API. */
export interface Send {
  method: "POST" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
}

/**
 * A panel's state-changing requests as one TanStack Query mutation: `isPending` while one is on
 * its way, the server's refusal (its message) as `error`, and the lists it changes (`invalidates`:
 * their URLs, as useList reads them) read again, refused or not, before it settles, so a panel
 * says "done" over the list as it now is.
 */
export function useSend<T = unknown>(invalidates: readonly string[] = []): UseMutationResult<T, Error, Send> {
  const queryClient = useQueryClient();
  return useMutation<T, Error, Send>({
    mutationFn: async ({ method, url, body }) => {
      const sent = await sendJson<T>(method, url, body);
      if (!sent.ok) throw new Error(sent.message);
      return sent.data;
    },
    onSettled: () => Promise.all(invalidates.map((url) => queryClient.invalidateQueries({ queryKey: listKey(url) }))),
  });
}

/** What a dialog shows after a request: null when it went through, else the server's refusal. */
export function refusalOf(sent: Promise<unknown>): Promise<string | null> {
  return sent.then(
    () => null,
    (error: Error) => error.message,
  );
}
