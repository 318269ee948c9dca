import { randomInt } from "node:crypto";
import { ApiError } from "../../contract/errors";
import { TAG_COLORS, type Tag } from "../../contract/events";
import { TAG_NAME_TAKEN, TAG_NOT_FOUND, type CreateTagBody, type UpdateTagBody } from "../../contract/tagWrite";
import { readTag } from "../query/records";
import { str } from "../query/rows";
import type { Store } from "../query/store";
import { newTimeId } from "./ids";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";

/**
 * POST, PATCH and DELETE of a workspace's link tags. Link records carry their tags, so the links
 * of a tag renamed, recoloured or deleted are dropped from the link cache; analytics join tags
 * to the rollups (kept by link id) when read, so they need nothing more.
 */

async function nameTaken(tx: WriteTx, workspaceId: string, name: string, except: string | null): Promise<boolean> {
  const rows = await tx.all(`SELECT id FROM tags WHERE workspace_id = $ws AND lower(name) = lower($name)`, {
    ws: workspaceId,
    name,
  });
  return rows.some((row) => str(row, "id") !== except);
}

async function findTag(tx: WriteTx, workspaceId: string, id: string): Promise<Tag> {
  const [row] = await tx.all(`SELECT id, name, color FROM tags WHERE workspace_id = $ws AND id = $id`, {
    ws: workspaceId,
    id,
  });
  if (!row) throw new ApiError("not_found", TAG_NOT_FOUND);
  return readTag(row);
}

async function linksOf(tx: WriteTx, tagId: string): Promise<string[]> {
  return (await tx.all(`SELECT link_id FROM link_tags WHERE tag_id = $id`, { id: tagId })).map((row) =>
    str(row, "link_id"),
  );
}

/** Runs a write that changes what the links of a tag show, then drops those links from the cache. */
async function changingLinks<T>(
  writer: StoreWriter,
  store: Store,
  work: (tx: WriteTx, touched: string[]) => Promise<T>,
): Promise<T> {
  const touched: string[] = [];
  try {
    return await writer.transact((tx) => work(tx, touched));
  } finally {
    for (const id of touched) store.links.invalidate(id);
  }
}

export function createTag(writer: StoreWriter, workspaceId: string, body: CreateTagBody, now: Date): Promise<Tag> {
  const name = body.name ?? body.tag;
  if (name === undefined) throw new ApiError("bad_request", `Missing required field "name".`);
  return writer.transact(async (tx) => {
    if (await nameTaken(tx, workspaceId, name, null)) throw new ApiError("conflict", TAG_NAME_TAKEN);
    const tag: Tag = {
      id: newTimeId("tag_", now),
      name,
      color: body.color ?? TAG_COLORS[randomInt(TAG_COLORS.length)],
    };
    await tx.run(`INSERT INTO tags (id, workspace_id, name, color) VALUES ($id, $ws, $name, $color)`, {
      ...tag,
      ws: workspaceId,
    });
    return tag;
  });
}

export function updateTag(
  writer: StoreWriter,
  store: Store,
  workspaceId: string,
  id: string,
  body: UpdateTagBody,
): Promise<Tag> {
  return changingLinks(writer, store, async (tx, touched) => {
    const current = await findTag(tx, workspaceId, id);
    const name = body.name ?? body.tag ?? current.name;
    if (name !== current.name && (await nameTaken(tx, workspaceId, name, id)))
      throw new ApiError("conflict", TAG_NAME_TAKEN);
    const next: Tag = { id, name, color: body.color ?? current.color };
    await tx.run(`UPDATE tags SET name = $name, color = $color WHERE id = $id`, { ...next });
    touched.push(...(await linksOf(tx, id)));
    return next;
  });
}

/** DELETE /tags/{id}: the tag goes, and with it from every link that had it. */
export function deleteTag(writer: StoreWriter, store: Store, workspaceId: string, id: string): Promise<{ id: string }> {
  return changingLinks(writer, store, async (tx, touched) => {
    await findTag(tx, workspaceId, id);
    touched.push(...(await linksOf(tx, id)));
    await tx.run(`DELETE FROM link_tags WHERE tag_id = $id`, { id });
    await tx.run(`DELETE FROM tags WHERE id = $id`, { id });
    return { id };
  });
}
