import { ApiError } from "../../contract/errors";
import type { GroupListItem } from "../../contract/groups";
import { GROUP_NOT_FOUND, groupSlugTaken, type CreateGroupBody, type UpdateGroupBody } from "../../contract/groupWrite";
import { listGroups, slugOf } from "../query/groupsList";
import { str } from "../query/rows";
import { newTimeId } from "./ids";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";
import { txDb } from "./txDb";

/** POST /groups and PATCH /groups/{id}: a partner group's name, and the slug made from it, unique in the workspace. */

function slugFor(name: string, given: string | undefined): string {
  const slug = slugOf(name);
  if (given !== undefined && given !== slug) {
    throw new ApiError(
      "unprocessable_entity",
      `Invalid value for "slug": a group's slug is made from its name here ("${slug}").`,
    );
  }
  return slug;
}

async function requireFreeSlug(tx: WriteTx, workspaceId: string, slug: string, except: string | null): Promise<void> {
  const rows = await tx.all(`SELECT id, name FROM partner_groups WHERE workspace_id = $ws`, { ws: workspaceId });
  if (rows.some((row) => str(row, "id") !== except && slugOf(str(row, "name")) === slug))
    throw new ApiError("conflict", groupSlugTaken(slug));
}

async function readGroup(tx: WriteTx, workspaceId: string, id: string): Promise<GroupListItem> {
  const [group] = await listGroups(txDb(tx), workspaceId, {
    sortBy: "createdAt",
    sortOrder: "asc",
    groupIds: [id],
    page: 1,
    pageSize: 1,
  });
  if (!group) throw new ApiError("not_found", GROUP_NOT_FOUND);
  return group;
}

export function createGroup(
  writer: StoreWriter,
  workspaceId: string,
  body: CreateGroupBody,
  now: Date,
): Promise<GroupListItem> {
  return writer.transact(async (tx) => {
    await requireFreeSlug(tx, workspaceId, slugFor(body.name, body.slug), null);
    const id = newTimeId("grp_", now);
    await tx.run(`INSERT INTO partner_groups (id, workspace_id, name) VALUES ($id, $ws, $name)`, {
      id,
      ws: workspaceId,
      name: body.name,
    });
    return readGroup(tx, workspaceId, id);
  });
}

export function updateGroup(
  writer: StoreWriter,
  workspaceId: string,
  id: string,
  body: UpdateGroupBody,
): Promise<GroupListItem> {
  return writer.transact(async (tx) => {
    const current = await readGroup(tx, workspaceId, id);
    const name = body.name ?? current.name;
    const slug = slugFor(name, body.slug);
    if (slug !== current.slug) await requireFreeSlug(tx, workspaceId, slug, id);
    if (name !== current.name) await tx.run(`UPDATE partner_groups SET name = $name WHERE id = $id`, { id, name });
    return readGroup(tx, workspaceId, id);
  });
}
