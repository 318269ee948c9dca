import type { DuckDBValue } from "@duckdb/node-api";
import { ApiError } from "../../contract/errors";
import type { LinkRecord } from "../../contract/events";
import type { LinkRef, UpdateLinkBody } from "../../contract/linkLookup";
import type { CreateLinkBody } from "../../contract/links";
import type { Db } from "../query/db";
import { queryLinks } from "../query/lookups";
import { str } from "../query/rows";
import type { Store } from "../query/store";
import { checkExternalId, chooseDomain, keyTaken, type Claimed } from "./createLinks";
import { timestampValue } from "./eventRows";
import { checkFolderAndPartner, listOf, resolveTags, workspaceTargets, writeLinkTags } from "./linkTargets";
import { destinationWithUtm, UTM_FIELDS } from "./linkUrl";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";
import { txDb } from "./txDb";

/**
 * GET, PATCH and DELETE of one link. A change reaches every reader at once: the link cache and the
 * resolver's short links forget the link (LinkCache.edited). Analytics need nothing more: the
 * rollups are kept by link id, and tags, folders and every other field of the link are joined
 * to them when read, so a link's new tags or folder count its past events under them, as the
 * hosted platform counts a link's events under its current metadata.
 */

export const LINK_NOT_FOUND = "Link not found.";

/** The id of the workspace's link `ref` names, or null. */
export async function findLinkId(db: Db, workspaceId: string, ref: LinkRef): Promise<string | null> {
  const where =
    ref.by === "id"
      ? "id = $value"
      : ref.by === "externalId"
        ? "external_id = $value"
        : "domain = $domain AND lower(key) = lower($value)";
  const value = ref.by === "id" ? ref.id : ref.by === "externalId" ? ref.externalId : ref.key;
  const params: Record<string, string> = { ws: workspaceId, value };
  if (ref.by === "domainKey") params.domain = ref.domain;
  const [row] = await db.all(
    `SELECT id FROM links WHERE workspace_id = $ws AND ${where} ORDER BY key = $value DESC LIMIT 1`,
    params,
  );
  return row ? str(row, "id") : null;
}

/** GET /links/{linkId} and GET /links/info. */
export async function getLink(store: Store, workspaceId: string, ref: LinkRef): Promise<LinkRecord> {
  const id = await findLinkId(store.db, workspaceId, ref);
  const link = id === null ? undefined : (await queryLinks(store.db, workspaceId, [id])).get(id);
  if (!link) throw new ApiError("not_found", LINK_NOT_FOUND);
  return link;
}

const when = (value: string | null | undefined) => (value ? timestampValue(new Date(value)) : null);
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The columns a field of the body sets, each with its value; a field left out sets none. */
const SIMPLE_COLUMNS: {
  [F in keyof UpdateLinkBody]?: [
    column: string,
    value: (v: NonNullable<UpdateLinkBody>[F]) => DuckDBValue,
    sql?: string,
  ];
} = {
  trackConversion: ["track_conversion", (v) => v ?? false],
  tenantId: ["tenant_id", (v) => v ?? null],
  programId: ["program_id", (v) => v ?? null],
  partnerId: ["partner_id", (v) => v ?? null],
  archived: ["archived", (v) => v ?? false],
  expiresAt: ["expires_at", (v) => when(v)],
  expiredUrl: ["expired_url", (v) => v ?? null],
  password: ["password", (v) => v ?? null],
  proxy: ["proxy", (v) => v ?? false],
  title: ["title", (v) => v ?? null],
  description: ["description", (v) => v ?? null],
  image: ["image", (v) => v ?? null],
  video: ["video", (v) => v ?? null],
  rewrite: ["rewrite", (v) => v ?? false],
  doIndex: ["do_index", (v) => v ?? false],
  ios: ["ios", (v) => v ?? null],
  android: ["android", (v) => v ?? null],
  geo: ["geo", (v) => json(v), "CAST($geo AS JSON)"],
  publicStats: ["public_stats", (v) => v ?? false],
  folderId: ["folder_id", (v) => v ?? null],
  webhookIds: ["webhook_ids", (v) => listOf(v ?? [])],
  comments: ["comments", (v) => v ?? null],
  testVariants: ["test_variants", (v) => json(v), "CAST($test_variants AS JSON)"],
  testStartedAt: ["test_started_at", (v) => when(v)],
  testCompletedAt: ["test_completed_at", (v) => when(v)],
};

interface Current {
  id: string;
  domain: string;
  key: string;
  url: string;
  externalId: string | null;
}

async function currentLink(tx: WriteTx, workspaceId: string, ref: LinkRef): Promise<Current> {
  const id = await findLinkId(txDb(tx), workspaceId, ref);
  const [row] =
    id === null ? [] : await tx.all(`SELECT id, domain, key, url, external_id FROM links WHERE id = $id`, { id });
  if (!row) throw new ApiError("not_found", LINK_NOT_FOUND);
  return {
    id: str(row, "id"),
    domain: str(row, "domain"),
    key: str(row, "key"),
    url: str(row, "url"),
    externalId: typeof row.external_id === "string" ? row.external_id : null,
  };
}

/** The columns the body changes, checked against the store: domain, key, external id, folder, partner and tags as on create. */
async function changes(
  tx: WriteTx,
  workspaceId: string,
  current: Current,
  body: UpdateLinkBody,
): Promise<Record<string, [DuckDBValue, string]>> {
  const set: Record<string, [DuckDBValue, string]> = {};
  const noneClaimed: Claimed = { keys: new Set(), externalIds: new Set() };
  for (const [field, spec] of Object.entries(SIMPLE_COLUMNS) as [
    keyof UpdateLinkBody,
    [string, (v: unknown) => DuckDBValue, string?],
  ][]) {
    if (body[field] === undefined) continue;
    const [column, value, sql] = spec;
    set[column] = [value(body[field]), sql ?? `$${column}`];
  }
  if (body.domain !== undefined || body.key !== undefined || body.prefix !== undefined) {
    const domain =
      body.domain === undefined
        ? current.domain
        : chooseDomain(await workspaceTargets(tx, workspaceId), body as CreateLinkBody);
    const key = body.key ?? current.key;
    if (
      (domain !== current.domain || key.toLowerCase() !== current.key.toLowerCase()) &&
      (await keyTaken(tx, noneClaimed, domain, key))
    ) {
      throw new ApiError("conflict", `Duplicate key: ${domain}/${key} already exists.`);
    }
    set.domain = [domain, "$domain"];
    set.key = [key, "$key"];
  }
  if (body.externalId !== undefined && body.externalId !== current.externalId) {
    if (body.externalId) await checkExternalId(tx, noneClaimed, workspaceId, body.externalId);
    set.external_id = [body.externalId ?? null, "$external_id"];
  }
  await checkFolderAndPartner(tx, workspaceId, body as CreateLinkBody);
  if (body.url !== undefined || UTM_FIELDS.some((field) => body[field] !== undefined)) {
    const { url, utm } = destinationWithUtm({ ...body, url: body.url ?? current.url } as CreateLinkBody);
    set.url = [url, "$url"];
    for (const [column, value] of Object.entries(utm)) set[column] = [value, `$${column}`];
  }
  return set;
}

/** PATCH /links/{linkId}: the fields given change, the others stay; tags given replace the link's tags, in the order given. */
export async function updateLink(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  ref: LinkRef,
  body: UpdateLinkBody,
  now: Date,
): Promise<LinkRecord> {
  let id = "";
  try {
    return await writer.transact(async (tx) => {
      const current = await currentLink(tx, workspaceId, ref);
      id = current.id;
      const set = await changes(tx, workspaceId, current, body);
      const values: Record<string, DuckDBValue> = { id, updated_at: timestampValue(now) };
      const assignments = ["updated_at = $updated_at"];
      for (const [column, [value, sql]] of Object.entries(set)) {
        values[column] = value;
        assignments.push(`${column} = ${sql}`);
      }
      await tx.run(`UPDATE links SET ${assignments.join(", ")} WHERE id = $id`, values);
      if (body.tagIds !== undefined || body.tagNames !== undefined || body.tagId !== undefined) {
        const tags = await resolveTags(tx, workspaceId, body as CreateLinkBody);
        await tx.run(`DELETE FROM link_tags WHERE link_id = $id`, { id });
        await writeLinkTags(tx, id, tags);
      }
      const link = (await queryLinks(txDb(tx), workspaceId, [id])).get(id);
      if (!link) throw new Error(`link ${id} was not read back`);
      return link;
    });
  } finally {
    if (id !== "") store.links.edited(id);
  }
}

/**
 * DELETE /links/{linkId}: the link, its tags and every event of it go, as the hosted platform
 * removes a deleted link's analytics; its customers stay, and webhook deliveries already queued
 * for its events are still sent (they reported what happened). Answers the hosted platform's `{ id }`.
 */
export async function deleteLink(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  ref: LinkRef,
): Promise<{ id: string }> {
  const id = await findLinkId(store.db, workspaceId, ref);
  if (id === null) throw new ApiError("not_found", LINK_NOT_FOUND);
  try {
    return await writer.removeLink(workspaceId, id, async (tx) => {
      const [row] = await tx.all(`SELECT id FROM links WHERE id = $id AND workspace_id = $ws`, { id, ws: workspaceId });
      if (!row) throw new ApiError("not_found", LINK_NOT_FOUND);
      for (const table of ["sale_events", "lead_events", "click_events"]) {
        await tx.run(`DELETE FROM ${table} WHERE workspace_id = $ws AND link_id = $id`, { id, ws: workspaceId });
      }
      await tx.run(`DELETE FROM link_tags WHERE link_id = $id`, { id });
      await tx.run(`DELETE FROM links WHERE id = $id`, { id });
      return { id };
    });
  } finally {
    store.links.edited(id);
  }
}
