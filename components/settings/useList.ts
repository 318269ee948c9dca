"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/lib/scope/sendJson";

/** The query key of the list at `url` (a change invalidates it: ./useSend.ts). */
export const listKey = (url: string) => ["dashboard-settings", url] as const;

/** A list a settings panel or menu shows (when `enabled`), and a reload after each change. */
export function useList<T>(
  url: string,
  enabled = true,
): { data: T | null; error: string | null; reload: () => Promise<void> } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: listKey(url),
    enabled,
    staleTime: 0,
    queryFn: async () => {
      const got = await getJson<T>(url);
      if (!got.ok) throw new Error(got.message);
      return got.data;
    },
  });
  return {
    data: query.data ?? null,
    error: query.error ? query.error.message : null,
    reload: () => queryClient.invalidateQueries({ queryKey: listKey(url) }),
  };
}
