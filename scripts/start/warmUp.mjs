// What npm start asks the dashboard once it listens, before it says "Started": a fresh `next start`
// loads a route's code on its first request, and a view's first render also opens the connections
// to the platform, compiles the code that reads its replies and has the platform read its data.
// Paid by a person's first page, that work ran inside the page's wait for its key figures
// (lib/queries/firstScreenState.ts, FIRST_SCREEN_WAIT_MS), whose timer a busy event loop lets win
// over replies already in: the HTML then came without them.

import { get } from "node:http";

/** The meta tag naming the workspace `/` shows (app/_dashboard/WorkspaceScreen.tsx). */
const HOME_WORKSPACE = /<meta name="linklens-workspace" content="([^"]+)"/;

/**
 * The first requests: the API's code, then the default view in `zone` at `/`, which renders the
 * first screen with its figures (a view without a zone has none on the server).
 * @param {string} zone
 * @returns {string[]}
 */
export function firstWarmUpPaths(zone) {
  return ["/api/me", `/?timezone=${encodeURIComponent(zone)}`];
}

/**
 * The same view at the workspace's own address (another route, so other code), the one the page
 * writes into the address bar and people share; null when `/` showed no workspace (sign-in first,
 * the welcome page).
 * @param {string} homeHtml what `/?timezone=…` answered
 * @param {string} zone
 * @returns {string | null}
 */
export function workspaceWarmUpPath(homeHtml, zone) {
  const slug = HOME_WORKSPACE.exec(homeHtml)?.[1];
  return slug ? `/w/${encodeURIComponent(slug)}?timezone=${encodeURIComponent(zone)}` : null;
}

/**
 * The zone warmed: this machine's, where the person who ran npm start most likely opens the
 * dashboard (UTC when the runtime knows none).
 * @returns {string}
 */
export function machineZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * One request on a connection of its own, closed after the reply (`agent: false`): a connection
 * kept alive here would hold the dashboard's server open on Ctrl-C until its keep-alive ran out.
 * Resolves with the reply's body once it has all come (a page streams what the server still
 * fetched after its HTML), empty when the request failed.
 * @param {string} url
 * @returns {Promise<string>}
 */
export function warmUp(url) {
  return new Promise((resolveDone) => {
    const request = get(url, { agent: false }, (reply) => {
      let body = "";
      reply.setEncoding("utf8");
      reply.on("data", (chunk) => (body += chunk));
      reply.on("end", () => resolveDone(body));
      reply.on("error", () => resolveDone(""));
    });
    request.on("error", () => resolveDone(""));
  });
}
