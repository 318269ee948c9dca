"use client";

import { useQuery } from "@tanstack/react-query";
import type { AnnotationJson } from "../contract/dashboardReplies";
import { useApiScope } from "../scope/ApiScopeContext";
import type { ApiScope } from "../scope/apiScope";
import { fetchJson, PRIORITY } from "./fetchJson";
import type { RequestError } from "./requestError";

/** The key of the workspace's (or share link's) notes, for refreshing them after a change. */
export function annotationsKey(scope: ApiScope) {
  return [scope, "annotations"] as const;
}

/** The notes on the charts (GET …/annotations): the dashboard's own database, no upstream request. */
export function useAnnotations({ enabled = true }: { enabled?: boolean } = {}) {
  const scope = useApiScope();
  return useQuery<AnnotationJson[], RequestError>({
    queryKey: annotationsKey(scope),
    enabled,
    queryFn: async ({ signal }) => {
      const body = (await fetchJson(scope, "/api/annotations", signal, PRIORITY.companion)) as {
        annotations: AnnotationJson[];
      };
      return body.annotations;
    },
  });
}
