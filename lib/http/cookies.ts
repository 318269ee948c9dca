import { parse } from "cookie";

/**
 * One cookie's value from a Cookie header (or `document.cookie`), decoded; null when absent.
 * The one cookie parser of the codebase (the `cookie` package), for the server and the page.
 */
export function cookieFrom(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  return parse(header)[name] ?? null;
}
