import type { Context } from "hono";
import { trackLeadBody, trackSaleBody } from "../../contract/track";
import type { StoreWriter } from "../write/storeWriter";
import { trackLead } from "../write/trackLead";
import { trackSale } from "../write/trackSale";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/** POST /track/lead and POST /track/sale (the standard per-minute limits of the plan apply). */

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
