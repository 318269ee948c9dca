import { listValue } from "@duckdb/node-api";
import type { TrackedCustomer } from "../../contract/track";
import type { Row } from "../query/db";
import { nstr, str } from "../query/rows";
import { timestampValue } from "./eventRows";
import type { WriteTx } from "./writeTx";

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

/** The customer a tracked lead or sale names, in its body's own fields. */
export function customerInputOf(body: {
  customerExternalId: string;
  customerName?: string | null;
  customerEmail?: string | null;
  customerAvatar?: string | null;
}): CustomerInput {
  return {
    externalId: body.customerExternalId,
    name: body.customerName,
    email: body.customerEmail,
    avatar: body.customerAvatar,
  };
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

export const trackedCustomer = (c: CustomerRecord): TrackedCustomer => ({
  name: c.name,
  email: c.email,
  avatar: c.avatar,
  externalId: c.externalId,
});

/** A customer a batch of tracking calls created, with its final values. */
export interface NewCustomer {
  workspaceId: string;
  record: CustomerRecord;
  /** That of the click that brought it. */
  country: string | null;
  createdAt: Date;
}

/** A batch's customers written: those created as one append, those whose name, email or avatar changed as one update. */
export async function writeBatchCustomers(
  tx: WriteTx,
  created: readonly NewCustomer[],
  updated: readonly CustomerRecord[],
): Promise<void> {
  if (created.length > 0)
    // Appended (customers' column order, schema.sql): one round trip, no planning of list parameters.
    await tx.append(
      "customers",
      created.map((c) => [
        c.record.id,
        c.workspaceId,
        c.record.externalId,
        c.record.name,
        c.record.email,
        c.record.avatar,
        c.country,
        timestampValue(c.createdAt),
      ]),
    );
  if (updated.length > 0) {
    await tx.run(
      `UPDATE customers SET name = d.name, email = d.email, avatar = d.avatar
FROM (SELECT unnest($ids::VARCHAR[]) AS id, unnest($names::VARCHAR[]) AS name, unnest($emails::VARCHAR[]) AS email,
  unnest($avatars::VARCHAR[]) AS avatar) d
WHERE customers.id = d.id`,
      {
        ids: listValue(updated.map((c) => c.id)),
        names: listValue(updated.map((c) => c.name)),
        emails: listValue(updated.map((c) => c.email)),
        avatars: listValue(updated.map((c) => c.avatar)),
      },
    );
  }
}
