import { ApiError } from "../../contract/errors";
import type { TrackClickBody, TrackClickReply } from "../../contract/track";
import { nstr, str } from "../query/rows";
import type { Store } from "../query/store";
import type { ClickRow } from "./eventRows";
import { newEventId } from "./ids";
import type { StoreWriter } from "./storeWriter";
import { findLinkId } from "./updateLinks";

/** What the platform tells of the visitor a tracked click came from (its address, browser, place, referer). */
export type ClickVisit = Omit<ClickRow, "id" | "workspaceId" | "linkId" | "timestamp" | "url" | "trigger">;

const isWebUrl = (value: string): boolean => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * POST /track/click: records a `pageview` click on the workspace's link (through the same group
 * commit as a visit's, so it counts in every rollup, counter and webhook like one), and answers
 * its id with the link's partner, as the hosted platform does. No discounts are kept here (`null`).
 */
export async function trackClick(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  body: TrackClickBody,
  visit: ClickVisit,
  now: Date,
): Promise<TrackClickReply> {
  const notFound = () => new ApiError("not_found", `Link not found for domain: ${body.domain} and key: ${body.key}.`);
  const linkId = await findLinkId(store.db, workspaceId, {
    by: "domainKey",
    domain: body.domain.toLowerCase(),
    key: body.key,
  });
  if (linkId === null) throw notFound();
  const [row] = await store.db.all(
    `SELECT l.url, pa.id AS partner_id, pa.name AS partner_name, pa.image AS partner_image
FROM links l LEFT JOIN partners pa ON pa.id = l.partner_id AND pa.workspace_id = l.workspace_id
WHERE l.id = $id`,
    { id: linkId },
  );
  if (!row) throw notFound();
  const id = newEventId();
  const url = body.url && isWebUrl(body.url) ? body.url : str(row, "url");
  await writer.recordClick({ ...visit, id, workspaceId, linkId, timestamp: now, url, trigger: "pageview" });
  const partnerId = nstr(row, "partner_id");
  return {
    clickId: id,
    partner: partnerId ? { id: partnerId, name: str(row, "partner_name"), image: nstr(row, "partner_image") } : null,
    discount: null,
  };
}
