import type { Context, MiddlewareHandler } from "hono";
import { errorBody, type ErrorBody } from "../../contract/errors";
import type { Store } from "../query/store";
import { destinationOf, type Outcome } from "../resolve/destination";
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
  /** Uniform in [0, 1): picks an A/B test's variant; tests pass their own. */
  random: () => number;
}

/** What the resolver reads of a request: the same whether it came through hono or straight from Node (nodeListener.ts). */
export interface Visit {
  method: string;
  /** The path as hono reads it (decoded: hono/utils/url's getPath). */
  path: string;
  header(name: string): string | undefined;
  query(name: string): string | undefined;
  /** The socket's peer address. */
  peer: string;
}

/** A short link's answer: a redirect (its click recorded, when counted), or a refusal in the spec's error shape. */
export type VisitAnswer =
  | { kind: "redirect"; location: string }
  | { kind: "refused"; status: 401 | 404; body: ErrorBody };

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

function refusal(outcome: Exclude<Outcome, { kind: "redirect" }>): VisitAnswer {
  if (outcome.kind === "password_required")
    return {
      kind: "refused",
      status: 401,
      body: errorBody("unauthorized", "This link is password-protected: add the password as ?pw=…"),
    };
  return {
    kind: "refused",
    status: 404,
    body: errorBody(
      "not_found",
      outcome.kind === "expired" ? "This link has expired." : "This link has been disabled.",
    ),
  };
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
 * click goes into the writer's journal (or its next group commit), and the visit is answered once it is durable.
 */
export class ShortLinkResolver {
  private readonly links: ShortLinks;
  private readonly writer: StoreWriter | null;

  constructor(private readonly deps: ResolverDeps) {
    const links = new ShortLinks(deps.store.db);
    this.links = links;
    this.writer = deps.writer ?? null;
    if (this.writer) {
      this.writer.onLinkChange((change) => links.changed(change));
      loadGeoDatabase();
    }
    // The link cache names edits (PATCH a link, a domain) as well; reading the table again twice is harmless.
    deps.store.links.onEdit(() => links.changed({ links: true, domains: false }));
    deps.store.links.onDomainsEdit(() => links.changed({ links: false, domains: true }));
  }

  /** The answer to a visit of a short link, or null when the request names none (it goes on to the API). */
  async answer(visit: Visit): Promise<VisitAnswer | null> {
    if (visit.method !== "GET" && visit.method !== "HEAD") return null;
    const target = await shortTarget(visit.header("Host"), visit.path, () => this.links.domains());
    if (!target) return null;
    const link = await this.links.find(target.domain, target.key);
    if (!link)
      return {
        kind: "refused",
        status: 404,
        body: errorBody("not_found", `No short link ${target.domain}/${target.key}.`),
      };
    const ua = visit.header("User-Agent");
    const ip = visitorIp(visit.peer, visit.header("X-Forwarded-For"));
    const device = deviceOf(ua);
    const geo = geoOf(ip);
    const outcome = destinationOf(
      link,
      { os: device.os, country: geo.country, password: visit.query("pw") ?? null },
      this.deps.now(),
      this.deps.random(),
    );
    if (outcome.kind !== "redirect") return refusal(outcome);
    let location = outcome.url;
    if (outcome.record && !device.bot && this.writer) {
      const id = newEventId();
      const { referer, refererUrl } = refererOf(visit.header("Referer"));
      await this.writer.recordClick({
        id,
        workspaceId: link.workspaceId,
        linkId: link.id,
        timestamp: this.deps.now(),
        url: outcome.url,
        ...geo,
        device: device.device,
        browser: device.browser,
        os: device.os,
        ua: ua ?? null,
        trigger: visit.query("qr") === "1" ? "qr" : "link",
        referer,
        refererUrl,
        ip,
      });
      if (link.trackConversion) location = withClickId(outcome.url, id);
    }
    return { kind: "redirect", location };
  }
}

/** The resolver as hono middleware (every request of the app: tests' app.request, and what nodeListener.ts passes on). */
export function resolverMiddleware(resolver: ShortLinkResolver, clientIp: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const answer = await resolver.answer({
      method: c.req.method,
      path: c.req.path,
      header: (name) => c.req.header(name),
      query: (name) => c.req.query(name),
      peer: clientIp(c),
    });
    if (!answer) return next();
    if (answer.kind === "refused") return respondError(c, answer.status, answer.body);
    c.header("Cache-Control", "no-store");
    return c.redirect(answer.location, 302);
  };
}
