"use client";

import { useQuery } from "@tanstack/react-query";
import type { AnnotationJson } from "../contract/dashboardReplies";
import { useApiScope } from "../scope/ApiScopeContext";
import { annotationsKey, fetchAnnotations } from "./annotationsKey";
import type { RequestError } from "./requestError";

/** The key of the workspace's (or share link's) notes, for refreshing them after a change. */
export { annotationsKey };

/** The notes on the charts (GET …/annotations): the dashboard's own database, no upstream request. */
export function useAnnotations({ enabled = true }: { enabled?: boolean } = {}) {
  const scope = useApiScope();
  return useQuery<AnnotationJson[], RequestError>({
    queryKey: annotationsKey(scope),
    enabled,
    queryFn: ({ signal }) => fetchAnnotations(scope, signal),
  });
}
