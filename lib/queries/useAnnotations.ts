"use client";

import { useQuery } from "@tanstack/react-query";
import type { AnnotationJson } from "../contract/dashboardReplies";
import { useApiScope } from "../scope/ApiScopeContext";
import { annotationsKey } from "./annotationsKey";
import { fetchJson, PRIORITY } from "./fetchJson";
import type { RequestError } from "./requestError";

export { annotationsKey };

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
