import type { Context } from "hono";
import { createWebhookBody } from "../../contract/webhookCreate";
import { createWebhook, listWebhooks } from "../webhooks/registry";
import type { StoreWriter } from "../write/storeWriter";
import { requireIdentity } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/** POST /webhooks registers a receiver of the key's workspace; GET /webhooks lists them, secrets included (the key owns them). */
export function createWebhookRoute(writer: StoreWriter | null | undefined, now: () => Date) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const { identity, body } = await writeRequest(c, createWebhookBody);
    return respond(
      c,
      await requireWriter(writer).transact((tx) => createWebhook(tx, identity.workspaceId, body, now())),
      201,
    );
  };
}

/** A read-only platform has no webhook tables, and so no receivers. */
export function listWebhooksRoute(writer: StoreWriter | null | undefined) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const identity = requireIdentity(c.get("auth"));
    return respond(c, writer ? await listWebhooks(c.get("store").db, identity.workspaceId) : []);
  };
}
