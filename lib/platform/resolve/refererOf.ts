/** The referer as the click record keeps it: its host name and full URL, or "(direct)" for none (or one that is not a URL). */
export const DIRECT = "(direct)";

export function refererOf(header: string | undefined): { referer: string; refererUrl: string } {
  if (!header) return { referer: DIRECT, refererUrl: DIRECT };
  try {
    const url = new URL(header);
    return { referer: url.hostname.replace(/^www\./, ""), refererUrl: url.toString() };
  } catch {
    return { referer: DIRECT, refererUrl: DIRECT };
  }
}
