import type { Context } from "hono";
import { trackClickBody, trackLeadBody, trackSaleBody } from "../../contract/track";
import type { Store } from "../query/store";
import { geoOf } from "../resolve/geo";
import { refererOf } from "../resolve/refererOf";
import { deviceOf } from "../resolve/userAgent";
import { visitorIp } from "../resolve/visitorIp";
import { trackClick, type ClickVisit } from "../write/trackClick";
import type { StoreWriter } from "../write/storeWriter";
import { trackLead } from "../write/trackLead";
import { trackSale } from "../write/trackSale";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/** POST /track/click, /track/lead and /track/sale (the standard per-minute limits of the plan apply). */

/** The visitor a tracked click came from: the caller's address (X-Forwarded-For only from this machine), its browser, and the referrer sent. */
function visitOf(
  c: Context<AppEnv>,
  clientIp: (c: Context) => string,
  referrer: string | null | undefined,
): ClickVisit {
  const ua = c.req.header("User-Agent");
  const ip = visitorIp(clientIp(c), c.req.header("X-Forwarded-For"));
  const { device, browser, os } = deviceOf(ua);
  return { ...geoOf(ip), device, browser, os, ua: ua ?? null, ...refererOf(referrer ?? undefined), ip };
}

export function trackClickRoute(
  writer: StoreWriter | null | undefined,
  now: () => Date,
  clientIp: (c: Context) => string,
) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const { identity, body } = await writeRequest(c, trackClickBody);
    const store: Store = c.get("store");
    return respond(
      c,
      await trackClick(
        requireWriter(writer),
        store,
        identity.workspaceId,
        body,
        visitOf(c, clientIp, body.referrer),
        now(),
      ),
    );
  };
}

export function trackLeadRoute(writer: StoreWriter | null | undefined, now: () => Date) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const { identity, body } = await writeRequest(c, trackLeadBody);
    return respond(c, await trackLead(requireWriter(writer), identity.workspaceId, body, now()));
  };
}

export function trackSaleRoute(writer: StoreWriter | null | undefined, now: () => Date) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const { identity, body } = await writeRequest(c, trackSaleBody);
    return respond(c, await trackSale(requireWriter(writer), identity.workspaceId, body, now()));
  };
}
