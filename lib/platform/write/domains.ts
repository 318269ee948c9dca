import {
  DOMAIN_NOT_FOUND,
  DOMAIN_TAKEN,
  type CreateDomainBody,
  type UpdateDomainBody,
} from "../../contract/domainWrite";
import { ApiError } from "../../contract/errors";
import type { DomainRecord } from "../../contract/domains";
import { findDomain } from "../query/domainsList";
import { str } from "../query/rows";
import type { Store } from "../query/store";
import { PLATFORM_DEFAULT_DOMAIN } from "./linkTargets";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";
import { txDb } from "./txDb";

/**
 * A workspace's domains: added (the first one primary), renamed (its links move with it), made
 * primary. The resolver reads the set of domains again after each change, and the links of a
 * renamed domain leave the caches (LinkCache.edited), so their next visit finds them under it.
 */

export async function getDomain(store: Store, workspaceId: string, slug: string): Promise<DomainRecord> {
  const domain = await findDomain(store.db, workspaceId, slug);
  if (!domain) throw new ApiError("not_found", DOMAIN_NOT_FOUND);
  return domain;
}

async function requireFree(tx: WriteTx, slug: string): Promise<void> {
  const taken =
    slug === PLATFORM_DEFAULT_DOMAIN ||
    (await tx.all(`SELECT 1 AS taken FROM domains WHERE slug = $slug`, { slug })).length > 0;
  if (taken) throw new ApiError("conflict", DOMAIN_TAKEN);
}

async function requireDomain(tx: WriteTx, workspaceId: string, slug: string): Promise<DomainRecord> {
  const domain = await findDomain(txDb(tx), workspaceId, slug);
  if (!domain) throw new ApiError("not_found", DOMAIN_NOT_FOUND);
  return domain;
}

/** Runs a domain change, then has the resolver and the link cache read what it changed again. */
async function changingDomains<T>(
  writer: StoreWriter,
  store: Store,
  work: (tx: WriteTx, moved: string[]) => Promise<T>,
): Promise<T> {
  const moved: string[] = [];
  try {
    return await writer.transact((tx) => work(tx, moved));
  } finally {
    store.links.domainsEdited();
    for (const id of moved) store.links.edited(id);
  }
}

/** POST /domains (201). */
export function createDomain(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  body: CreateDomainBody,
): Promise<DomainRecord> {
  return changingDomains(writer, store, async (tx) => {
    await requireFree(tx, body.slug);
    const others = await tx.all(`SELECT 1 AS one FROM domains WHERE workspace_id = $ws LIMIT 1`, { ws: workspaceId });
    await tx.run(`INSERT INTO domains (workspace_id, slug, is_primary) VALUES ($ws, $slug, $primary)`, {
      ws: workspaceId,
      slug: body.slug,
      primary: others.length === 0,
    });
    return requireDomain(tx, workspaceId, body.slug);
  });
}

/** PATCH /domains/{slug}: a new slug moves the domain's links with it. */
export function updateDomain(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  slug: string,
  body: UpdateDomainBody,
): Promise<DomainRecord> {
  return changingDomains(writer, store, async (tx, moved) => {
    const current = await requireDomain(tx, workspaceId, slug);
    if (body.slug === undefined || body.slug === current.slug) return current;
    await requireFree(tx, body.slug);
    moved.push(
      ...(
        await tx.all(`SELECT id FROM links WHERE workspace_id = $ws AND domain = $old`, {
          ws: workspaceId,
          old: current.slug,
        })
      ).map((row) => str(row, "id")),
    );
    await tx.run(`UPDATE domains SET slug = $slug WHERE workspace_id = $ws AND slug = $old`, {
      ws: workspaceId,
      slug: body.slug,
      old: current.slug,
    });
    await tx.run(`UPDATE links SET domain = $slug WHERE workspace_id = $ws AND domain = $old`, {
      ws: workspaceId,
      slug: body.slug,
      old: current.slug,
    });
    return requireDomain(tx, workspaceId, body.slug);
  });
}

/** POST /domains/{slug}/primary: this domain becomes the workspace's primary one, the others not. */
export function makePrimary(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  slug: string,
): Promise<DomainRecord> {
  return changingDomains(writer, store, async (tx) => {
    const domain = await requireDomain(tx, workspaceId, slug);
    await tx.run(`UPDATE domains SET is_primary = (slug = $slug) WHERE workspace_id = $ws`, {
      ws: workspaceId,
      slug: domain.slug,
    });
    return requireDomain(tx, workspaceId, domain.slug);
  });
}
