import "server-only";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import { json, refuse } from "../guard/refusal";
import { createAccount } from "./accounts";
import { recordAudit } from "../audit/recordAudit";
import { email, name, password, readBody } from "./body";
import { answered } from "./guarded";

const setupBody = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)), name, email, password });

/** POST /api/setup: the first owner's account, through the one-time link printed at first start; owner of every workspace there is. */
export const setupRoute = (app: App, request: Request): Promise<Response> =>
  answered(async () => {
    const body = await readBody(request, setupBody);
    if (!app.auth) return refuse("forbidden", "Sign-in is not configured: set LINKLENS_SECRET.");
    if (!(await app.setup.spend(body.token)))
      return refuse(
        "forbidden",
        "This setup link is not valid any more: the first owner exists, or the dashboard restarted and printed a new one.",
      );
    const created = await createAccount(app, body);
    for (const workspace of await app.workspaces.list()) await app.members.set(workspace.id, created.userId, "owner");
    await recordAudit(
      app,
      request,
      { id: created.userId, email: body.email },
      null,
      "account.created",
      "first owner, through the setup link",
    );
    return json({ userId: created.userId }, 201);
  });
