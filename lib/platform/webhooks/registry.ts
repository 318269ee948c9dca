import { listValue } from "@duckdb/node-api";
import type { WebhookTrigger } from "../../contract/webhooks";
import type { Db, Row } from "../query/db";
import { bool, date, ndate, str, strList } from "../query/rows";
import { timestampValue } from "../write/eventRows";
import { newId, randomBase62 } from "../write/ids";
import type { WriteTx } from "../write/writeTx";

/** A receiver as the platform keeps it (the secret is shown to its workspace only). */
export interface Webhook {
  id: string;
  name: string;
  url: string;
  secret: string;
  triggers: WebhookTrigger[];
  allLinks: boolean;
  disabledAt: string | null;
  createdAt: string;
}

const COLUMNS = "id, name, url, secret, triggers, all_links, disabled_at, created_at";

function readWebhook(row: Row): Webhook {
  const disabled = ndate(row, "disabled_at");
  return {
    id: str(row, "id"),
    name: str(row, "name"),
    url: str(row, "url"),
    secret: str(row, "secret"),
    triggers: strList(row, "triggers") as WebhookTrigger[],
    allLinks: bool(row, "all_links"),
    disabledAt: disabled ? disabled.toISOString() : null,
    createdAt: date(row, "created_at").toISOString(),
  };
}

export interface NewWebhook {
  name?: string | null;
  url: string;
  secret?: string | null;
  triggers: readonly WebhookTrigger[];
  allLinks?: boolean;
}

export async function createWebhook(tx: WriteTx, workspaceId: string, input: NewWebhook, now: Date): Promise<Webhook> {
  const id = newId("wh_");
  await tx.run(
    `INSERT INTO webhooks (id, workspace_id, name, url, secret, triggers, all_links, consecutive_failures, disabled_at, created_at)
VALUES ($id, $ws, $name, $url, $secret, $triggers, $all_links, 0, NULL, $now)`,
    {
      id,
      ws: workspaceId,
      name: input.name ?? new URL(input.url).host,
      url: input.url,
      secret: input.secret ?? `whsec_${randomBase62(32)}`,
      triggers: listValue([...new Set(input.triggers)]),
      all_links: input.allLinks ?? true,
      now: timestampValue(now),
    },
  );
  const [row] = await tx.all(`SELECT ${COLUMNS} FROM webhooks WHERE id = $id`, { id });
  return readWebhook(row);
}

export async function listWebhooks(db: Db, workspaceId: string): Promise<Webhook[]> {
  const rows = await db.all(`SELECT ${COLUMNS} FROM webhooks WHERE workspace_id = $ws ORDER BY created_at, id`, {
    ws: workspaceId,
  });
  return rows.map(readWebhook);
}

/** An enabled receiver of a trigger: for every link of its workspace, or only for the links that name it. */
export interface EnabledReceiver {
  id: string;
  allLinks: boolean;
}

/** The workspace's enabled receivers of `trigger`. */
export async function enabledReceivers(
  tx: WriteTx,
  workspaceId: string,
  trigger: WebhookTrigger,
): Promise<EnabledReceiver[]> {
  const rows = await tx.all(
    `SELECT id, all_links FROM webhooks WHERE workspace_id = $ws AND disabled_at IS NULL AND list_contains(triggers, $trigger)`,
    { ws: workspaceId, trigger },
  );
  return rows.map((row) => ({ id: str(row, "id"), allLinks: bool(row, "all_links") }));
}

/** Of the enabled `receivers` of a trigger, those of a link; `linkWebhookIds` is read only when a receiver is scoped to the links that name it. */
export async function subscribers(
  receivers: readonly EnabledReceiver[],
  linkWebhookIds: () => Promise<readonly string[]>,
): Promise<string[]> {
  if (receivers.length === 0) return [];
  const named = receivers.every((r) => r.allLinks) ? [] : await linkWebhookIds();
  return receivers.filter((r) => r.allLinks || named.includes(r.id)).map((r) => r.id);
}

/**
 * The receiver of this URL in the workspace, created or brought up to date (secret, triggers,
 * enabled again): what a start script registers on every start.
 */
export async function ensureWebhook(
  tx: WriteTx,
  workspaceId: string,
  input: NewWebhook & { secret: string },
  now: Date,
): Promise<Webhook> {
  const [known] = await tx.all(`SELECT id FROM webhooks WHERE workspace_id = $ws AND url = $url LIMIT 1`, {
    ws: workspaceId,
    url: input.url,
  });
  if (!known) return createWebhook(tx, workspaceId, input, now);
  const id = str(known, "id");
  await tx.run(
    `UPDATE webhooks SET secret = $secret, triggers = $triggers, all_links = $all_links, consecutive_failures = 0, disabled_at = NULL WHERE id = $id`,
    { id, secret: input.secret, triggers: listValue([...new Set(input.triggers)]), all_links: input.allLinks ?? true },
  );
  const [row] = await tx.all(`SELECT ${COLUMNS} FROM webhooks WHERE id = $id`, { id });
  return readWebhook(row);
}

/** The workspace a bearer key belongs to (by its SHA-256, as keys are stored), or null. */
export async function workspaceOfKey(tx: WriteTx, keyHash: string): Promise<string | null> {
  const [row] = await tx.all(`SELECT workspace_id FROM api_keys WHERE key_hash = $hash`, { hash: keyHash });
  return row ? str(row, "workspace_id") : null;
}
