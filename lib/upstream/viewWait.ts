import { MAX_WAIT_MS } from "./rateBudget";

/**
 * The longest a request a viewer is looking at (the page sends a positive priority: on screen, or
 * the companion of what is) waits in the key's queue. A 429 does not make such a request cheaper:
 * the page retries it after Retry-After and it joins the back of the queue, so refusing it at
 * 10 s only makes the viewer wait longer for the same turn, with a "Rate limited" countdown on
 * the way. A cold cache on the smallest analytics plan (Pro, 2 a second) needs this long for
 * about 60 distinct requests, some eight pages of different views opened together (the load
 * test's 8 views are 46). 30 s of queue plus the 15 s upstream timeout (./config.ts) stay under
 * the 60 s idle timeout common to load balancers and proxies (AWS ALB, nginx), so the viewer
 * gets the data or the dashboard's own 429 with its Retry-After, never the balancer's 504.
 * A request predicted to start later than this is still refused at once, with that Retry-After.
 */
export const VIEW_MAX_WAIT_MS = 30_000;

/** How long a proxied request of `priority` may wait for its turn: prefetches and unprioritized requests keep the queue's 10 s. */
export function maxWaitFor(priority: number): number {
  return priority > 0 ? VIEW_MAX_WAIT_MS : MAX_WAIT_MS;
}
