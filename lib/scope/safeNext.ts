/** Only paths of this dashboard: `next` comes from the URL, so it must not send anyone elsewhere. */
export function safeNext(next: string | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
