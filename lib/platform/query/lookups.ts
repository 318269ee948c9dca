import type { LinkRecord, Tag } from "../../contract/events";
import type { Db, Row } from "./db";
import { CONVERSION_CLICKS } from "./conversionClicks";
import { CLICK_COLUMNS, CUSTOMER_FIELDS, LINK_COLUMNS, LINK_TAGS_SQL, readClick, readCustomer, readLink, readTag, selectAs } from "./records";
import { str } from "./rows";
import { SqlParams } from "./sqlParams";

/** The links (with tags, cached), clicks and customers a page of events refers to, one query each. */

interface Source {
  table: string;
  alias: string;
  select: string;
}

/**
 * Rows of a table with the given ids, keyed by id. The ids are primary keys (or indexed) and
 * DuckDB only uses the index when id is the sole condition, so the workspace is checked here:
 * a row of another workspace is left out as if missing.
 */
async function byIds<T>(db: Db, { table, alias, select }: Source, workspaceId: string, ids: readonly string[], read: (row: Row) => T) {
  const out = new Map<string, T>();
  if (ids.length === 0) return out;
  const p = new SqlParams();
  const sql = `SELECT ${select}, ${alias}.workspace_id AS row_workspace_id FROM ${table} ${alias} WHERE ${alias}.id IN (${p.list(ids)})`;
  for (const row of await db.all(sql, p.values)) {
    if (str(row, "row_workspace_id") === workspaceId) out.set(str(row, "id"), read(row));
  }
  return out;
}

const LINKS: Source = { table: "links", alias: "l", select: LINK_COLUMNS };
const CLICKS: Source = { table: CONVERSION_CLICKS, alias: "e", select: CLICK_COLUMNS };
const CUSTOMERS: Source = { table: "customers", alias: "cu", select: selectAs("cu", CUSTOMER_FIELDS) };

const unique = (ids: Iterable<string>) => [...new Set(ids)];

/** Links and their tags: two small queries side by side (a correlated tag list costs more). */
async function queryLinks(db: Db, ws: string, ids: readonly string[]): Promise<Map<string, LinkRecord>> {
  if (ids.length === 0) return new Map();
  const tagParams = new SqlParams();
  const [rows, tagRows] = await Promise.all([
    byIds(db, LINKS, ws, ids, (row) => row),
    db.all(LINK_TAGS_SQL(tagParams.list(ids)), tagParams.values),
  ]);
  const tags = new Map<string, Tag[]>();
  for (const row of tagRows) {
    const linkId = str(row, "link_id");
    tags.set(linkId, [...(tags.get(linkId) ?? []), readTag(row)]);
  }
  return new Map([...rows].map(([id, row]) => [id, readLink(row, tags.get(id) ?? [])]));
}

/**
 * Link records already read, per database. Every page needs its links and the same links come
 * back page after page; the store is opened read-only, so a record read once stays true.
 * Bounded, least recently used first out.
 */
const MAX_CACHED_LINKS = 20_000;
const linkCaches = new WeakMap<Db, Map<string, LinkRecord>>();

export async function fetchLinks(db: Db, ws: string, linkIds: Iterable<string>): Promise<Map<string, LinkRecord>> {
  let cache = linkCaches.get(db);
  if (!cache) linkCaches.set(db, (cache = new Map()));
  const out = new Map<string, LinkRecord>();
  const missing: string[] = [];
  for (const id of unique(linkIds)) {
    const link = cache.get(id);
    if (link && link.workspaceId === ws) out.set(id, link);
    else if (!link) missing.push(id);
  }
  for (const [id, link] of await queryLinks(db, ws, missing)) {
    out.set(id, link);
    cache.set(id, link);
  }
  for (const id of out.keys()) {
    // Refresh recency (Map order is insertion order), then trim the oldest.
    const link = cache.get(id);
    if (!link) continue;
    cache.delete(id);
    cache.set(id, link);
  }
  while (cache.size > MAX_CACHED_LINKS) cache.delete(cache.keys().next().value as string);
  return out;
}

export const fetchClicks = (db: Db, ws: string, ids: Iterable<string>) => byIds(db, CLICKS, ws, unique(ids), readClick);
export const fetchCustomers = (db: Db, ws: string, ids: Iterable<string>) => byIds(db, CUSTOMERS, ws, unique(ids), readCustomer);
