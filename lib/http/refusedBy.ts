/**
 * Who refused a request the page made, when the spec's error shape alone cannot say: a 401 may
 * be the dashboard's own (nobody signed in) or the platform's refusal of the workspace's key; a
 * 403 may be a plan gate or a share link's lock. The page says something different for each (a
 * key refused: once, with a way to fix it, and no request again; a lock: the lock, not a plan).
 */
export const REFUSED_BY_HEADER = "X-Linklens-Refused-By";

export const REFUSERS = ["workspace-key", "share-lock"] as const;
export type RefusedBy = (typeof REFUSERS)[number];

export function refusedByOf(value: string | null): RefusedBy | null {
  return REFUSERS.find((r) => r === value) ?? null;
}
