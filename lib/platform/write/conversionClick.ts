import { listValue } from "@duckdb/node-api";
import { ApiError } from "../../contract/errors";
import type { TrackLeadReply } from "../../contract/track";
import { shortLinkOf } from "../query/records";
import { date, nstr, str } from "../query/rows";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import type { Row } from "../query/db";
import { clickDimensionsOf, readClickDimensions, type ClickDimensions, type ClickRow } from "./eventRows";
import type { WriteTx } from "./writeTx";
import { inWorkspace } from "./trackFacts";

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

/** The answer to a lead or sale naming a click that is not the workspace's. */
export const clickNotFound = (clickId: string) =>
  new ApiError("not_found", `Click event not found for clickId: ${clickId}`);

/** A click wanted by a request of a batch: its workspace's click of this id. */
export interface WantedClick {
  workspaceId: string;
  clickId: string;
}

/**
 * The clicks of these ids with their links, keyed by inWorkspace(workspace, click id) (a click that is not its
 * workspace's is left out): two statements for any number. A click the writer committed lately is
 * at hand, and only its link is read (unless kept from an earlier batch: WriteTx.keptLink); the others are looked for among every click id of the store
 * in one scan (a click id is random: its whole column is read).
 */
export async function findClicks(tx: WriteTx, wanted: readonly WantedClick[]): Promise<Map<string, AttributedClick>> {
  const out = new Map<string, AttributedClick>();
  const recent = new Map<string, ClickRow>();
  const stored = new Set<string>();
  for (const { workspaceId, clickId } of wanted) {
    const click = tx.recentClick(workspaceId, clickId);
    if (click) recent.set(inWorkspace(workspaceId, clickId), click);
    else stored.add(clickId);
  }
  if (recent.size > 0) {
    // Kept from an earlier batch while no write changed the links; the others read once.
    const links = new Map<string, Row>();
    const unknown = new Set<string>();
    for (const { linkId } of recent.values()) {
      const kept = tx.keptLink(linkId);
      if (kept) links.set(linkId, kept);
      else unknown.add(linkId);
    }
    if (unknown.size > 0) {
      const rows = await tx.readPrepared(
        `SELECT ${LINK_COLUMNS}, l.workspace_id FROM links l WHERE list_contains($link_ids, l.id)`,
        { link_ids: listValue([...unknown]) },
      );
      for (const row of rows) {
        links.set(str(row, "link_id"), row);
        tx.keepLink(str(row, "link_id"), row);
      }
    }
    for (const [key, click] of recent) {
      const row = links.get(click.linkId);
      if (!row || str(row, "workspace_id") !== click.workspaceId) continue;
      out.set(key, {
        id: click.id,
        linkId: click.linkId,
        timestamp: click.timestamp,
        country: click.country,
        dimensions: clickDimensionsOf(click),
        link: linkOf(row),
      });
    }
  }
  if (stored.size > 0) {
    const rows = await tx.all(
      `SELECT c.id, c.workspace_id AS click_workspace_id, c.timestamp, c.country, ${CLICK_DIMENSIONS.map((column) => `c.${column} AS click_${column}`).join(", ")}, ${LINK_COLUMNS}
FROM click_events c JOIN links l ON l.id = c.link_id
WHERE c.id IN (SELECT unnest($click_ids::VARCHAR[]))`,
      { click_ids: listValue([...stored]) },
    );
    for (const row of rows) {
      const key = inWorkspace(str(row, "click_workspace_id"), str(row, "id"));
      if (out.has(key)) continue;
      out.set(key, {
        id: str(row, "id"),
        linkId: str(row, "link_id"),
        timestamp: date(row, "timestamp"),
        country: str(row, "country"),
        dimensions: readClickDimensions(row, "click_"),
        link: linkOf(row),
      });
    }
  }
  return out;
}
