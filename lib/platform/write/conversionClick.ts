import { ApiError } from "../../contract/errors";
import type { TrackLeadReply } from "../../contract/track";
import { shortLinkOf } from "../query/records";
import { date, nstr, str } from "../query/rows";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import type { Row } from "../query/db";
import { clickDimensionsOf, readClickDimensions, type ClickDimensions } from "./eventRows";
import type { WriteTx } from "./storeWriter";

/** A click that a lead or sale is attributed to, with its link as the tracking replies show it. */
export interface AttributedClick {
  id: string;
  linkId: string;
  timestamp: Date;
  country: string;
  /** What its leads and sales carry of it. */
  dimensions: ClickDimensions;
  link: NonNullable<TrackLeadReply["link"]>;
}

const LINK_COLUMNS = "l.id AS link_id, l.domain, l.key, l.url, l.partner_id, l.program_id, l.tenant_id, l.external_id";

function linkOf(row: Row): AttributedClick["link"] {
  const domain = str(row, "domain");
  const key = str(row, "key");
  return {
    id: str(row, "link_id"),
    domain,
    key,
    shortLink: shortLinkOf(domain, key),
    url: str(row, "url"),
    partnerId: nstr(row, "partner_id"),
    programId: nstr(row, "program_id"),
    tenantId: nstr(row, "tenant_id"),
    externalId: nstr(row, "external_id"),
  };
}

/**
 * The workspace's click of this id and its link; 404 when there is none. A click the writer
 * committed lately is at hand, and only its link is read; any other is looked for among every
 * click id of the store (a click id is random: its whole column is read).
 */
export async function findClick(tx: WriteTx, workspaceId: string, clickId: string): Promise<AttributedClick> {
  const notFound = () => new ApiError("not_found", `Click event not found for clickId: ${clickId}`);
  const recent = tx.recentClick(workspaceId, clickId);
  if (recent) {
    const [row] = await tx.all(`SELECT ${LINK_COLUMNS} FROM links l WHERE l.id = $link_id`, { link_id: recent.linkId });
    if (!row) throw notFound();
    return {
      id: recent.id,
      linkId: recent.linkId,
      timestamp: recent.timestamp,
      country: recent.country,
      dimensions: clickDimensionsOf(recent),
      link: linkOf(row),
    };
  }
  const [row] = await tx.all(
    `SELECT c.id, c.timestamp, c.country, ${CLICK_DIMENSIONS.map((column) => `c.${column} AS click_${column}`).join(", ")}, ${LINK_COLUMNS}
FROM click_events c JOIN links l ON l.id = c.link_id
WHERE c.workspace_id = $ws AND c.id = $click_id`,
    { ws: workspaceId, click_id: clickId },
  );
  if (!row) throw notFound();
  return {
    id: str(row, "id"),
    linkId: str(row, "link_id"),
    timestamp: date(row, "timestamp"),
    country: str(row, "country"),
    dimensions: readClickDimensions(row, "click_"),
    link: linkOf(row),
  };
}
