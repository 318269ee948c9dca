import { readBody } from "../../contract/body";
import { ApiError, type ErrorCode } from "../../contract/errors";
import type { LinkRecord } from "../../contract/events";
import { createLinkBody, DEFAULT_KEY_LENGTH, type CreateLinkBody } from "../../contract/links";
import { queryLinks } from "../query/lookups";
import { timestampValue } from "./eventRows";
import { newTimeId, randomBase62 } from "./ids";
import {
  checkFolderAndPartner,
  PLATFORM_DEFAULT_DOMAIN,
  resolveTags,
  workspaceTargets,
  writeLinkTags,
  type WorkspaceTargets,
} from "./linkTargets";
import { destinationWithUtm } from "./linkUrl";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";
import { txDb } from "./txDb";

/** A bulk item that was not created, as the hosted platform reports it. */
export interface LinkError {
  link: unknown;
  error: string;
  code: ErrorCode;
}

/** What a batch has claimed so far: keys and external ids must be unique across it as in the store. */
export interface Claimed {
  keys: Set<string>;
  externalIds: Set<string>;
}

const RANDOM_KEY_ATTEMPTS = 8;

export async function keyTaken(tx: WriteTx, claimed: Claimed, domain: string, key: string): Promise<boolean> {
  if (claimed.keys.has(`${domain}/${key.toLowerCase()}`)) return true;
  const rows = await tx.all(
    `SELECT 1 AS taken FROM links WHERE domain = $domain AND lower(key) = lower($key) LIMIT 1`,
    { domain, key },
  );
  return rows.length > 0;
}

/** A random key under `prefix` (`/c/` or `c`: `c/<key>`), as the hosted platform makes one. */
function withPrefix(prefix: string | null | undefined, key: string): string {
  const trimmed = (prefix ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? key : `${trimmed}/${key}`;
}

async function chooseKey(tx: WriteTx, claimed: Claimed, domain: string, body: CreateLinkBody): Promise<string> {
  if (body.key !== undefined) {
    // The prefix is for random keys only: a key given is the key.
    const key = body.key;
    if (await keyTaken(tx, claimed, domain, key))
      throw new ApiError("conflict", `Duplicate key: ${domain}/${key} already exists.`);
    return key;
  }
  for (let i = 0; i < RANDOM_KEY_ATTEMPTS; i++) {
    const key = withPrefix(body.prefix, randomBase62(body.keyLength ?? DEFAULT_KEY_LENGTH));
    if (!(await keyTaken(tx, claimed, domain, key))) return key;
  }
  throw new ApiError(
    "conflict",
    `No free random key of ${body.keyLength ?? DEFAULT_KEY_LENGTH} characters was found on ${domain}; give a key or a longer keyLength.`,
  );
}

export function chooseDomain(targets: WorkspaceTargets, body: CreateLinkBody): string {
  const fallback = targets.primaryDomain ?? PLATFORM_DEFAULT_DOMAIN;
  if (body.domain === undefined) return fallback;
  const domain = body.domain.toLowerCase();
  if (domain !== PLATFORM_DEFAULT_DOMAIN && !targets.domains.includes(domain))
    throw new ApiError("forbidden", `Domain ${body.domain} does not belong to this workspace.`);
  return domain;
}

export async function checkExternalId(
  tx: WriteTx,
  claimed: Claimed,
  workspaceId: string,
  externalId: string,
): Promise<void> {
  const rows = claimed.externalIds.has(externalId)
    ? [{}]
    : await tx.all(`SELECT 1 AS taken FROM links WHERE workspace_id = $ws AND external_id = $external_id LIMIT 1`, {
        ws: workspaceId,
        external_id: externalId,
      });
  if (rows.length > 0)
    throw new ApiError("conflict", `A link with externalId ${externalId} already exists in this workspace.`);
}

const INSERT_LINK = `INSERT INTO links (id, workspace_id, domain, key, url, track_conversion, external_id, tenant_id, program_id, partner_id, archived,
  expires_at, expired_url, disabled_at, password, proxy, title, description, image, video, rewrite, do_index, ios, android, geo, public_stats,
  folder_id, webhook_ids, comments, utm_source, utm_medium, utm_campaign, utm_term, utm_content, test_variants, test_started_at,
  test_completed_at, user_id, created_at, updated_at)
VALUES ($id, $ws, $domain, $key, $url, $track_conversion, $external_id, $tenant_id, $program_id, $partner_id, $archived,
  $expires_at, $expired_url, NULL, $password, $proxy, $title, $description, $image, $video, $rewrite, $do_index, $ios, $android, CAST($geo AS JSON), $public_stats,
  $folder_id, from_json($webhook_ids, '["VARCHAR"]'), $comments, $utm_source, $utm_medium, $utm_campaign, $utm_term, $utm_content, CAST($test_variants AS JSON), $test_started_at,
  $test_completed_at, $user_id, $now, $now)`;

const when = (value: string | null | undefined) => (value ? timestampValue(new Date(value)) : null);

/** Who creates links: the workspace, and the user its API key stands for (the link's `userId`, as hosted). */
export interface LinkAuthor {
  workspaceId: string;
  userId: string;
}

/** Checks one link against the store and the batch, then inserts it; returns its id. */
export async function insertLink(
  tx: WriteTx,
  { workspaceId, userId }: LinkAuthor,
  targets: WorkspaceTargets,
  claimed: Claimed,
  body: CreateLinkBody,
  now: Date,
): Promise<string> {
  const domain = chooseDomain(targets, body);
  if (body.externalId) await checkExternalId(tx, claimed, workspaceId, body.externalId);
  await checkFolderAndPartner(tx, workspaceId, body);
  const tags = await resolveTags(tx, workspaceId, body);
  const key = await chooseKey(tx, claimed, domain, body);
  const { url, utm } = destinationWithUtm(body);
  const id = newTimeId("link_", now);
  await tx.run(INSERT_LINK, {
    id,
    ws: workspaceId,
    domain,
    key,
    url,
    track_conversion: body.trackConversion ?? false,
    external_id: body.externalId ?? null,
    tenant_id: body.tenantId ?? null,
    program_id: body.programId ?? (body.partnerId ? targets.defaultProgramId : null),
    partner_id: body.partnerId ?? null,
    archived: body.archived ?? false,
    expires_at: when(body.expiresAt),
    expired_url: body.expiredUrl ?? null,
    password: body.password ?? null,
    proxy: body.proxy ?? false,
    title: body.title ?? null,
    description: body.description ?? null,
    image: body.image ?? null,
    video: body.video ?? null,
    rewrite: body.rewrite ?? false,
    do_index: body.doIndex ?? false,
    ios: body.ios ?? null,
    android: body.android ?? null,
    geo: body.geo ? JSON.stringify(body.geo) : null,
    public_stats: body.publicStats ?? false,
    folder_id: body.folderId ?? null,
    webhook_ids: JSON.stringify(body.webhookIds ?? []),
    comments: body.comments ?? null,
    ...utm,
    test_variants: body.testVariants ? JSON.stringify(body.testVariants) : null,
    test_started_at: when(body.testStartedAt),
    test_completed_at: when(body.testCompletedAt),
    user_id: userId,
    now: timestampValue(now),
  });
  await writeLinkTags(tx, id, tags);
  claimed.keys.add(`${domain}/${key.toLowerCase()}`);
  if (body.externalId) claimed.externalIds.add(body.externalId);
  return id;
}

/** POST /links: one link, or the error that refused it. */
export function createLink(
  writer: StoreWriter,
  author: LinkAuthor,
  body: CreateLinkBody,
  now: Date,
): Promise<LinkRecord> {
  const { workspaceId } = author;
  return writer.transact(async (tx) => {
    const id = await insertLink(
      tx,
      author,
      await workspaceTargets(tx, workspaceId),
      { keys: new Set(), externalIds: new Set() },
      body,
      now,
    );
    const link = (await queryLinks(txDb(tx), workspaceId, [id])).get(id);
    if (!link) throw new Error(`link ${id} was not read back`);
    return link;
  });
}

/**
 * POST /links/bulk: each item read and checked on its own, in order; an item refused is reported
 * in its place and the others are created (all in one transaction: checks are reads, so no
 * statement fails inside it).
 */
export function createLinks(
  writer: StoreWriter,
  author: LinkAuthor,
  items: readonly unknown[],
  now: Date,
): Promise<(LinkRecord | LinkError)[]> {
  const { workspaceId } = author;
  return writer.transact(async (tx) => {
    const targets = await workspaceTargets(tx, workspaceId);
    const claimed: Claimed = { keys: new Set(), externalIds: new Set() };
    const outcomes: (string | LinkError)[] = [];
    for (const item of items) {
      try {
        outcomes.push(await insertLink(tx, author, targets, claimed, readBody(createLinkBody, item), now));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        outcomes.push({ link: item, error: err.message, code: err.code });
      }
    }
    const links = await queryLinks(
      txDb(tx),
      workspaceId,
      outcomes.filter((o): o is string => typeof o === "string"),
    );
    return outcomes.map((o) =>
      typeof o === "string" ? (links.get(o) ?? { link: o, error: "not read back", code: "internal_server_error" }) : o,
    );
  });
}
