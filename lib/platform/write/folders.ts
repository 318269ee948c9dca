import { ApiError } from "../../contract/errors";
import type { FolderListItem } from "../../contract/folders";
import {
  FOLDER_NAME_TAKEN,
  FOLDER_NOT_FOUND,
  type CreateFolderBody,
  type UpdateFolderBody,
} from "../../contract/folderWrite";
import { toIso } from "../../contract/timestamps";
import { date, str } from "../query/rows";
import type { Store } from "../query/store";
import { timestampValue } from "./eventRows";
import { newTimeId } from "./ids";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";

/**
 * POST, PATCH and DELETE of a workspace's link folders. Deleting a folder leaves its links in
 * none (as hosted), dropped from the link cache; analytics join folders to the rollups (kept by
 * link id) when read. The store keeps no folder timestamps: a folder reports its workspace's
 * creation time, as GET /folders does.
 */

async function workspaceCreated(tx: WriteTx, workspaceId: string): Promise<string> {
  const [row] = await tx.all(`SELECT created_at FROM workspaces WHERE id = $ws`, { ws: workspaceId });
  return toIso(date(row, "created_at"));
}

const folderOf = (id: string, name: string, createdAt: string): FolderListItem => ({
  id,
  name,
  description: null,
  type: "default",
  accessLevel: "write",
  createdAt,
  updatedAt: createdAt,
});

async function nameTaken(tx: WriteTx, workspaceId: string, name: string, except: string | null): Promise<boolean> {
  const rows = await tx.all(`SELECT id FROM folders WHERE workspace_id = $ws AND lower(name) = lower($name)`, {
    ws: workspaceId,
    name,
  });
  return rows.some((row) => str(row, "id") !== except);
}

async function findFolder(tx: WriteTx, workspaceId: string, id: string): Promise<string> {
  const [row] = await tx.all(`SELECT name FROM folders WHERE workspace_id = $ws AND id = $id`, { ws: workspaceId, id });
  if (!row) throw new ApiError("not_found", FOLDER_NOT_FOUND);
  return str(row, "name");
}

export function createFolder(
  writer: StoreWriter,
  workspaceId: string,
  body: CreateFolderBody,
  now: Date,
): Promise<FolderListItem> {
  return writer.transact(async (tx) => {
    if (await nameTaken(tx, workspaceId, body.name, null)) throw new ApiError("conflict", FOLDER_NAME_TAKEN);
    const id = newTimeId("fold_", now);
    await tx.run(`INSERT INTO folders (id, workspace_id, name) VALUES ($id, $ws, $name)`, {
      id,
      ws: workspaceId,
      name: body.name,
    });
    return folderOf(id, body.name, await workspaceCreated(tx, workspaceId));
  });
}

export function updateFolder(
  writer: StoreWriter,
  workspaceId: string,
  id: string,
  body: UpdateFolderBody,
): Promise<FolderListItem> {
  return writer.transact(async (tx) => {
    const current = await findFolder(tx, workspaceId, id);
    const name = body.name ?? current;
    if (name !== current && (await nameTaken(tx, workspaceId, name, id)))
      throw new ApiError("conflict", FOLDER_NAME_TAKEN);
    await tx.run(`UPDATE folders SET name = $name WHERE id = $id`, { id, name });
    return folderOf(id, name, await workspaceCreated(tx, workspaceId));
  });
}

/** DELETE /folders/{id}: its links stay, in no folder. */
export async function deleteFolder(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<{ id: string }> {
  const moved: string[] = [];
  try {
    return await writer.transact(async (tx) => {
      await findFolder(tx, workspaceId, id);
      moved.push(...(await tx.all(`SELECT id FROM links WHERE folder_id = $id`, { id })).map((row) => str(row, "id")));
      await tx.run(`UPDATE links SET folder_id = NULL, updated_at = $now WHERE folder_id = $id`, {
        id,
        now: timestampValue(now),
      });
      await tx.run(`DELETE FROM folders WHERE id = $id`, { id });
      return { id };
    });
  } finally {
    for (const link of moved) store.links.invalidate(link);
  }
}
