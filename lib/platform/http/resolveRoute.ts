import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "../../contract/errors";
import type { Store } from "../query/store";
import { destinationOf, type Outcome, type ShortLink } from "../resolve/destination";
import { geoOf, loadGeoDatabase } from "../resolve/geo";
import { refererOf } from "../resolve/refererOf";
import { ShortLinks } from "../resolve/shortLinks";
import { shortTarget } from "../resolve/shortTarget";
import { deviceOf } from "../resolve/userAgent";
import { visitorIp } from "../resolve/visitorIp";
import { newEventId } from "../write/ids";
import type { StoreWriter } from "../write/storeWriter";
import { respondError } from "./respond";

export interface ResolverDeps {
  store: Store;
  writer: StoreWriter | null | undefined;
  now: () => Date;
  clientIp: (c: Context) => string;
  /** Uniform in [0, 1): picks an A/B test's variant; tests pass their own. */
  random: () => number;
}

/** The click id travels to the destination so that the client can track its lead and sale, as on the hosted platform. */
const CLICK_ID_PARAM = "dub_id";

function withClickId(url: string, clickId: string): string {
  try {
    const target = new URL(url);
    target.searchParams.set(CLICK_ID_PARAM, clickId);
    return target.toString();
  } catch {
    return url;
  }
}

function refuse(c: Context, outcome: Exclude<Outcome, { kind: "redirect" }>): Response {
  if (outcome.kind === "password_required")
    return respondError(
      c,
      401,
      errorBody("unauthorized", "This link is password-protected: add the password as ?pw=…"),
    );
  return respondError(
    c,
    404,
    errorBody("not_found", outcome.kind === "expired" ? "This link has expired." : "This link has been disabled."),
  );
}

async function recordClick(
  deps: ResolverDeps,
  writer: StoreWriter,
  c: Context,
  link: ShortLink,
  url: string,
  visit: { ua: string | undefined; ip: string; geo: ReturnType<typeof geoOf>; device: ReturnType<typeof deviceOf> },
): Promise<string> {
  const id = newEventId();
  const { referer, refererUrl } = refererOf(c.req.header("Referer"));
  const { device, browser, os } = visit.device;
  await writer.recordClick({
    id,
    workspaceId: link.workspaceId,
    linkId: link.id,
    timestamp: deps.now(),
    url,
    ...visit.geo,
    device,
    browser,
    os,
    ua: visit.ua ?? null,
    trigger: c.req.query("qr") === "1" ? "qr" : "link",
    referer,
    refererUrl,
    ip: visit.ip,
  });
  return id;
}

/**
 * The short-link resolver, ahead of the API: a request that names a short link (shortTarget.ts)
 * is redirected (302) to where its link sends this visit (destination.ts), and the click is
 * recorded before the answer (device, browser and OS by bowser; place by the geoip-lite
 * package's offline database; referer; `qr` when `?qr=1`, as QR codes carry it). Bots are sent
 * on without a click; a read-only platform redirects without recording. Any other request goes
 * on to the API.
 *
 * Links and domains come from tables in memory (ShortLinks) that the writer keeps current; the
 * click goes into the writer's next group commit, and the visit is answered once that committed.
 */
export function resolverMiddleware(deps: ResolverDeps): MiddlewareHandler {
  const links = new ShortLinks(deps.store.db);
  const writer = deps.writer ?? null;
  if (writer) {
    writer.onLinkChange((change) => links.changed(change));
    loadGeoDatabase();
  }
  // The link cache names edits (PATCH a link, a domain) as well; reading the table again twice is harmless.
  deps.store.links.onEdit(() => links.changed({ links: true, domains: false }));
  deps.store.links.onDomainsEdit(() => links.changed({ links: false, domains: true }));
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const target = await shortTarget(c.req.header("Host"), c.req.path, () => links.domains());
    if (!target) return next();
    const link = await links.find(target.domain, target.key);
    if (!link) return respondError(c, 404, errorBody("not_found", `No short link ${target.domain}/${target.key}.`));
    const ua = c.req.header("User-Agent");
    const ip = visitorIp(deps.clientIp(c), c.req.header("X-Forwarded-For"));
    const device = deviceOf(ua);
    const geo = geoOf(ip);
    const outcome = destinationOf(
      link,
      { os: device.os, country: geo.country, password: c.req.query("pw") ?? null },
      deps.now(),
      deps.random(),
    );
    if (outcome.kind !== "redirect") return refuse(c, outcome);
    let location = outcome.url;
    if (outcome.record && !device.bot && writer) {
      const clickId = await recordClick(deps, writer, c, link, outcome.url, { ua, ip, geo, device });
      if (link.trackConversion) location = withClickId(outcome.url, clickId);
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(location, 302);
  };
}
