import { listValue, type DuckDBValue } from "@duckdb/node-api";
import { ApiError } from "../../contract/errors";
import type { CreateLinkBody } from "../../contract/links";
import { str } from "../query/rows";
import type { WriteTx } from "./writeTx";

/** What a link may name and must exist in its workspace: its domain, tags, folder, partner. */

/** The workspace's domains, primary first, and its default program. */
export interface WorkspaceTargets {
  domains: readonly string[];
  primaryDomain: string | null;
  defaultProgramId: string | null;
}

/** The platform's own domain, for a workspace without one. */
export const PLATFORM_DEFAULT_DOMAIN = "lnkl.ink";

export async function workspaceTargets(tx: WriteTx, workspaceId: string): Promise<WorkspaceTargets> {
  const domains = await tx.all(
    `SELECT slug, is_primary FROM domains WHERE workspace_id = $ws ORDER BY NOT is_primary, slug`,
    { ws: workspaceId },
  );
  const [ws] = await tx.all(`SELECT default_program_id FROM workspaces WHERE id = $ws`, { ws: workspaceId });
  const primary = domains.find((row) => row.is_primary === true);
  return {
    domains: domains.map((row) => str(row, "slug")),
    primaryDomain: primary ? str(primary, "slug") : null,
    defaultProgramId: ws && typeof ws.default_program_id === "string" ? ws.default_program_id : null,
  };
}

const asList = (value: string | string[] | undefined | null): string[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

async function existing(
  tx: WriteTx,
  table: "tags" | "folders" | "partners",
  column: "id" | "name",
  workspaceId: string,
  values: readonly string[],
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const rows = await tx.all(
    `SELECT id, ${column} AS matched FROM ${table} WHERE workspace_id = $ws AND list_contains($values, ${column})`,
    {
      ws: workspaceId,
      values: listOf(values),
    },
  );
  return new Map(rows.map((row) => [str(row, "matched"), str(row, "id")]));
}

export const listOf = (values: readonly string[]): DuckDBValue => listValue([...values]);

/** The ids of the tags named by `tagIds`, `tagId` and `tagNames`; 422 for one the workspace does not have. */
export async function resolveTags(tx: WriteTx, workspaceId: string, body: CreateLinkBody): Promise<string[]> {
  const ids = [...new Set([...asList(body.tagIds), ...asList(body.tagId)])];
  const names = [...new Set(asList(body.tagNames))];
  const byId = await existing(tx, "tags", "id", workspaceId, ids);
  const byName = await existing(tx, "tags", "name", workspaceId, names);
  const missingId = ids.find((id) => !byId.has(id));
  if (missingId)
    throw new ApiError("unprocessable_entity", `Invalid value for "tagIds": the workspace has no tag ${missingId}.`);
  const missingName = names.find((name) => !byName.has(name));
  if (missingName)
    throw new ApiError(
      "unprocessable_entity",
      `Invalid value for "tagNames": the workspace has no tag named ${missingName}.`,
    );
  return [...new Set([...ids, ...byName.values()])];
}

/** A link's tags, in the order given: the link lists them in that order (its `tagId` is the first), as hosted. */
export async function writeLinkTags(tx: WriteTx, linkId: string, tagIds: readonly string[]): Promise<void> {
  for (const [position, tagId] of tagIds.entries()) {
    await tx.run(`INSERT INTO link_tags (link_id, tag_id, position) VALUES ($link_id, $tag_id, $position)`, {
      link_id: linkId,
      tag_id: tagId,
      position,
    });
  }
}

/** 422 unless the workspace has this folder and this partner, when named. */
export async function checkFolderAndPartner(tx: WriteTx, workspaceId: string, body: CreateLinkBody): Promise<void> {
  if (body.folderId && !(await existing(tx, "folders", "id", workspaceId, [body.folderId])).has(body.folderId)) {
    throw new ApiError(
      "unprocessable_entity",
      `Invalid value for "folderId": the workspace has no folder ${body.folderId}.`,
    );
  }
  if (body.partnerId && !(await existing(tx, "partners", "id", workspaceId, [body.partnerId])).has(body.partnerId)) {
    throw new ApiError(
      "unprocessable_entity",
      `Invalid value for "partnerId": the workspace has no partner ${body.partnerId}.`,
    );
  }
}
