import { CSRF_COOKIE, CSRF_HEADER } from "@/lib/security/csrf";

/**
 * The script a share link's HTML carries to record the open (POST /api/s/<token>/visit, with the
 * CSRF token the API asks of a state change, read from the cookie the page's response set): run
 * by the browser as it reads the HTML, before the page's own scripts have loaded. Its reply is
 * not read. `<` is escaped, so nothing in it can close the script element.
 */
export function visitScript(token: string): string {
  const path = JSON.stringify(`/api/s/${encodeURIComponent(token)}/visit`);
  const cookie = `/(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)/`;
  const source =
    `(function(){var m=document.cookie.match(${cookie});` +
    `fetch(${path},{method:"POST",credentials:"same-origin",` +
    `headers:{Accept:"application/json",${JSON.stringify(CSRF_HEADER)}:m?m[1]:""}})` +
    `.catch(function(){})})();`;
  return source.replace(/</g, "\\u003c");
}
