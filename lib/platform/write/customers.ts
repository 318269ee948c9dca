import type { TrackedCustomer } from "../../contract/track";
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

export async function findCustomer(
  tx: WriteTx,
  workspaceId: string,
  externalId: string,
): Promise<CustomerRecord | null> {
  const [row] = await tx.all(
    `SELECT id, external_id, name, email, avatar FROM customers WHERE workspace_id = $ws AND external_id = $external_id`,
    {
      ws: workspaceId,
      external_id: externalId,
    },
  );
  if (!row) return null;
  return {
    id: str(row, "id"),
    externalId: str(row, "external_id"),
    name: nstr(row, "name"),
    email: nstr(row, "email"),
    avatar: nstr(row, "avatar"),
  };
}

/**
 * The workspace's customer of this external id: created when new (its country that of the click
 * that brought it), otherwise given the name, email and avatar sent, where sent.
 */
export async function upsertCustomer(
  tx: WriteTx,
  workspaceId: string,
  input: CustomerInput,
  country: string | null,
  now: Date,
): Promise<CustomerRecord> {
  const known = await findCustomer(tx, workspaceId, input.externalId);
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
