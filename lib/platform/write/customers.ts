import type { TrackedCustomer } from "../../contract/track";
import type { Row } from "../query/db";
import { nstr, str } from "../query/rows";
import { timestampValue } from "./eventRows";
import { newTimeId } from "./ids";
import type { WriteTx } from "./storeWriter";

export interface CustomerRecord extends TrackedCustomer {
  id: string;
  externalId: string;
}

export interface CustomerInput {
  externalId: string;
  name?: string | null;
  email?: string | null;
  avatar?: string | null;
}

/** A customer's columns as customerOf reads them, `prefix`ed. */
export const customerColumns = (table: string, prefix: string): string =>
  ["id", "external_id", "name", "email", "avatar"]
    .map((column) => `${table}.${column} AS ${prefix}${column}`)
    .join(", ");

/** The customer a row holds (its columns named with `prefix`), or null when its id is null (none found). */
export function customerOf(row: Row, prefix: string): CustomerRecord | null {
  if (row[`${prefix}id`] === null || row[`${prefix}id`] === undefined) return null;
  return {
    id: str(row, `${prefix}id`),
    externalId: str(row, `${prefix}external_id`),
    name: nstr(row, `${prefix}name`),
    email: nstr(row, `${prefix}email`),
    avatar: nstr(row, `${prefix}avatar`),
  };
}

export async function findCustomer(
  tx: WriteTx,
  workspaceId: string,
  externalId: string,
): Promise<CustomerRecord | null> {
  const [row] = await tx.all(
    `SELECT ${customerColumns("c", "")} FROM customers c WHERE c.workspace_id = $ws AND c.external_id = $external_id`,
    {
      ws: workspaceId,
      external_id: externalId,
    },
  );
  return row ? customerOf(row, "") : null;
}

/**
 * The workspace's customer of this external id: created when new (its country that of the click
 * that brought it), otherwise given the name, email and avatar sent, where sent. `found` is the
 * customer as the caller has just read it in this transaction (null: there is none), to save reading it again.
 */
export async function upsertCustomer(
  tx: WriteTx,
  workspaceId: string,
  input: CustomerInput,
  country: string | null,
  now: Date,
  found?: CustomerRecord | null,
): Promise<CustomerRecord> {
  const known = found === undefined ? await findCustomer(tx, workspaceId, input.externalId) : found;
  if (known) {
    const next = {
      ...known,
      name: input.name ?? known.name,
      email: input.email ?? known.email,
      avatar: input.avatar ?? known.avatar,
    };
    if (next.name !== known.name || next.email !== known.email || next.avatar !== known.avatar) {
      await tx.run(`UPDATE customers SET name = $name, email = $email, avatar = $avatar WHERE id = $id`, {
        id: known.id,
        name: next.name,
        email: next.email,
        avatar: next.avatar,
      });
    }
    return next;
  }
  const created: CustomerRecord = {
    id: newTimeId("cus_", now),
    externalId: input.externalId,
    name: input.name ?? null,
    email: input.email ?? null,
    avatar: input.avatar ?? null,
  };
  await tx.run(
    `INSERT INTO customers (id, workspace_id, external_id, name, email, avatar, country, created_at) VALUES ($id, $ws, $external_id, $name, $email, $avatar, $country, $created_at)`,
    {
      id: created.id,
      ws: workspaceId,
      external_id: created.externalId,
      name: created.name,
      email: created.email,
      avatar: created.avatar,
      country,
      created_at: timestampValue(now),
    },
  );
  return created;
}

export const trackedCustomer = (c: CustomerRecord): TrackedCustomer => ({
  name: c.name,
  email: c.email,
  avatar: c.avatar,
  externalId: c.externalId,
});
