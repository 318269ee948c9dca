import type { Context } from "hono";
import { createFolderBody, updateFolderBody } from "../../contract/folderWrite";
import { createTagBody, updateTagBody } from "../../contract/tagWrite";
import { createFolder, deleteFolder, updateFolder } from "../write/folders";
import type { StoreWriter } from "../write/storeWriter";
import { createTag, deleteTag, updateTag } from "../write/tags";
import { requireIdentity } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/** POST /tags and /folders (201), PATCH and DELETE /tags/{id} and /folders/{id}, as hosted; the standard per-minute budget. */

type Route = (c: Context<AppEnv>) => Promise<Response>;

export function tagFolderRoutes(
  writer: StoreWriter | null | undefined,
  now: () => Date,
): { method: "post" | "patch" | "delete"; path: string; route: Route }[] {
  const idOf = (c: Context<AppEnv>) => c.req.param("id") ?? "";
  return [
    {
      method: "post",
      path: "/tags",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, createTagBody);
        return respond(c, await createTag(requireWriter(writer), identity.workspaceId, body, now()), 201);
      },
    },
    {
      method: "patch",
      path: "/tags/:id",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, updateTagBody);
        return respond(c, await updateTag(requireWriter(writer), c.get("store"), identity.workspaceId, idOf(c), body));
      },
    },
    {
      method: "delete",
      path: "/tags/:id",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(c, await deleteTag(requireWriter(writer), c.get("store"), identity.workspaceId, idOf(c)));
      },
    },
    {
      method: "post",
      path: "/folders",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, createFolderBody);
        return respond(c, await createFolder(requireWriter(writer), identity.workspaceId, body, now()), 201);
      },
    },
    {
      method: "patch",
      path: "/folders/:id",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, updateFolderBody);
        return respond(c, await updateFolder(requireWriter(writer), identity.workspaceId, idOf(c), body));
      },
    },
    {
      method: "delete",
      path: "/folders/:id",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(
          c,
          await deleteFolder(requireWriter(writer), c.get("store"), identity.workspaceId, idOf(c), now()),
        );
      },
    },
  ];
}
