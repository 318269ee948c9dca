import { hasControlCharacter } from "../security/controlCharacters";

/** Any origin will do as the base: only whether the parsed URL stays on it matters. */
const BASE = "http://dashboard.invalid";

/**
 * Where to go after signing in: `next` comes from the URL, so it must not send anyone elsewhere.
 * Parsed as the browser will parse it (against our own origin: tabs and newlines dropped,
 * backslashes read as slashes, dot segments resolved) and kept only when it stays on that origin;
 * control characters are refused outright. What is returned is the parsed path, so the browser
 * follows exactly what was checked, and it never starts with `//` (which a browser reads as another
 * host). Pure, for the server's redirect and the sign-in page alike.
 */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith("/") || hasControlCharacter(next)) return "/";
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") || path.startsWith("/\\") ? "/" : path;
}
