/**
 * A workspace's slug: its path (/w/<slug>). One rule for the server (SLUG_PATTERN) and the add
 * form's `pattern` attribute, which browsers compile with the `v` flag (where a bare `-` in a
 * class is an error, so it is escaped there).
 */

const BODY = String.raw`[a-z0-9](?:[a-z0-9\-]{0,38}[a-z0-9])?`;
export const SLUG_PATTERN = new RegExp(`^${BODY}$`);
/** For <input pattern>: the browser anchors it itself. */
export const SLUG_INPUT_PATTERN = BODY;

/** A slug suggested from a workspace's name: "Globex Corp." → "globex-corp"; "" when nothing is left. */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, 40)
    .replace(/-+$/, "");
}
