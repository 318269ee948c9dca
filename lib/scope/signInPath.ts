import { safeNext } from "./safeNext";

/**
 * The sign-in page's address for someone signed out who opened `path` with `search`: the whole
 * view (path and query) goes in `next=`, checked by the same safe-next rule the sign-in page
 * applies, so a pasted view is where they land after signing in.
 */
export function signInPath(path: string, search?: URLSearchParams): string {
  const query = search && search.size > 0 ? `?${search.toString()}` : "";
  const next = safeNext(`${path}${query}`);
  return next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}
