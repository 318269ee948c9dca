/** Plans, their order, and their rate limits (spec: Limits). */

export const PLANS = ["free", "pro", "business", "advanced", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export function planAtLeast(plan: Plan, minimum: Plan): boolean {
  return PLANS.indexOf(plan) >= PLANS.indexOf(minimum);
}

export function planLabel(plan: Plan): string {
  return plan[0].toUpperCase() + plan.slice(1);
}

/** Standard limits, requests per minute. Enterprise is "custom" in the spec; we pick 6,000. */
export const STANDARD_PER_MINUTE: Record<Plan, number> = {
  free: 60,
  pro: 600,
  business: 1200,
  advanced: 3000,
  enterprise: 6000,
};

/** Analytics limits (/events, /analytics), requests per second; free has no analytics access. */
export const ANALYTICS_PER_SECOND: Record<Plan, number | null> = {
  free: null,
  pro: 2,
  business: 4,
  advanced: 8,
  enterprise: 20,
};

/** Requests without valid credentials, per client IP, per minute. */
export const ANONYMOUS_PER_MINUTE = 60;

export const ANALYTICS_PATHS: ReadonlySet<string> = new Set(["/events", "/analytics"]);
