import { createHash } from "node:crypto";
import type { DomainRecord, DomainsQuery } from "../../contract/domains";
import { toIso } from "../../contract/timestamps";
import type { Db, Row } from "./db";
import { pageClause, searchAny } from "./listSql";
import { bool, date, str } from "./rows";
import { SqlParams } from "./sqlParams";

/** The store keeps a domain by its slug: its id is derived from it, stable across restarts. */
const domainId = (slug: string) => `dom_${createHash("sha256").update(slug).digest("hex").slice(0, 24)}`;

/**
 * GET /domains: the workspace's domains, primary first, then by slug. None is archived (the store
 * keeps no archived domain), so `archived=true` lists none; every domain is verified, since it
 * was set up when seeded, and dated by its workspace.
 */
export async function listDomains(db: Db, workspaceId: string, query: DomainsQuery): Promise<DomainRecord[]> {
  if (query.archived) return [];
  const p = new SqlParams();
  const where = [`d.workspace_id = ${p.add("ws", workspaceId)}`];
  if (query.search !== undefined) where.push(searchAny(["d.slug"], query.search, p));
  const rows = await db.all(
    `SELECT d.slug, d.is_primary, w.created_at FROM domains d JOIN workspaces w ON w.id = d.workspace_id
WHERE ${where.join(" AND ")} ORDER BY d.is_primary DESC, d.slug ${pageClause(query)}`,
    p.values,
  );
  return rows.map(readDomain);
}

/** A row with the domain's `slug`, `is_primary` and its workspace's `created_at`, as the hosted platform shows a domain. */
export function readDomain(row: Row): DomainRecord {
  const slug = str(row, "slug");
  const created = toIso(date(row, "created_at"));
  return {
    id: domainId(slug),
    slug,
    verified: true,
    primary: bool(row, "is_primary"),
    archived: false,
    placeholder: null,
    expiredUrl: null,
    notFoundUrl: null,
    logo: null,
    assetLinks: null,
    appleAppSiteAssociation: null,
    createdAt: created,
    updatedAt: created,
    registeredDomain: null,
  };
}

/** The workspace's domain of this slug, or null. */
export async function findDomain(db: Db, workspaceId: string, slug: string): Promise<DomainRecord | null> {
  const [row] = await db.all(
    `SELECT d.slug, d.is_primary, w.created_at FROM domains d JOIN workspaces w ON w.id = d.workspace_id WHERE d.workspace_id = $ws AND d.slug = $slug`,
    { ws: workspaceId, slug: slug.toLowerCase() },
  );
  return row ? readDomain(row) : null;
}
