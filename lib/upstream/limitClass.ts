/**
 * The platform counts a key's requests per limit: its analytics endpoints (GET /events,
 * GET /analytics) against the plan's per-second limit, every other endpoint against the standard
 * per-minute one. Each needs a budget of its own: a list's minute-long window learned into the
 * analytics budget would let a burst through that the per-second limit refuses.
 */
export type LimitClass = "analytics" | "standard";

const ANALYTICS_PATHS: ReadonlySet<string> = new Set(["/events", "/analytics"]);

export function limitClassOf(path: string): LimitClass {
  return ANALYTICS_PATHS.has(path) ? "analytics" : "standard";
}
