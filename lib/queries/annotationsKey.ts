import type { AnnotationJson } from "../contract/dashboardReplies";
import type { ApiScope } from "../scope/apiScope";
import { fetchJson, PRIORITY } from "./fetchJson";

/**
 * The key of the workspace's (or share link's) notes on the charts, and how they are read: plain
 * code, so the server's first screen (./firstScreenState.ts) fills the key the browser's hook
 * (./useAnnotations.ts) reads.
 */
export function annotationsKey(scope: ApiScope) {
  return [scope, "annotations"] as const;
}

/** The notes in a GET …/annotations reply; null when the reply is not that. */
export function annotationsOf(body: unknown): AnnotationJson[] | null {
  const annotations =
    typeof body === "object" && body !== null ? (body as { annotations?: unknown }).annotations : null;
  return Array.isArray(annotations) ? (annotations as AnnotationJson[]) : null;
}

/** GET …/annotations: the dashboard's own database, no upstream request. */
export async function fetchAnnotations(scope: ApiScope, signal?: AbortSignal): Promise<AnnotationJson[]> {
  return annotationsOf(await fetchJson(scope, "/api/annotations", signal, PRIORITY.companion)) ?? [];
}
