import type { Context } from "hono";
import { createGroupBody, updateGroupBody } from "../../contract/groupWrite";
import { createGroup, updateGroup } from "../write/groups";
import type { StoreWriter } from "../write/storeWriter";
import { requireIdentity, requirePlan } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/** POST /groups (201) and PATCH /groups/{id}, as hosted: Business plan and up, the standard per-minute budget. */

type Route = (c: Context<AppEnv>) => Promise<Response>;

export function groupRoutes(
  writer: StoreWriter | null | undefined,
  now: () => Date,
): { method: "post" | "patch"; path: string; route: Route }[] {
  return [
    {
      method: "post",
      path: "/groups",
      route: async (c) => {
        requirePlan(requireIdentity(c.get("auth")), "business", "POST /groups");
        const { identity, body } = await writeRequest(c, createGroupBody);
        return respond(c, await createGroup(requireWriter(writer), identity.workspaceId, body, now()), 201);
      },
    },
    {
      method: "patch",
      path: "/groups/:id",
      route: async (c) => {
        requirePlan(requireIdentity(c.get("auth")), "business", "PATCH /groups/{id}");
        const { identity, body } = await writeRequest(c, updateGroupBody);
        return respond(
          c,
          await updateGroup(requireWriter(writer), identity.workspaceId, c.req.param("id") ?? "", body),
        );
      },
    },
  ];
}
