/**
 * The script a share link's HTML carries when it was opened at its bare address (`/s/<token>`,
 * the one people paste), which the server renders at the link's own view: it writes that view's
 * query into the address bar as the browser reads the HTML, before the page's own scripts run
 * (Next's router takes its first URL from the address bar when it starts), so the address holds
 * the whole view from the first paint on, as one the page's own changes then write. Replaces the
 * entry (Back does not return to the bare address) and does nothing when the address already has
 * a query. `<` is escaped, so nothing in it can close the script element.
 */
export function addressScript(search: string): string {
  const query = JSON.stringify(search);
  const source =
    `(function(){if(location.search)return;` +
    `history.replaceState(history.state,"",location.pathname+${query}+location.hash)})();`;
  return source.replace(/</g, "\\u003c");
}
