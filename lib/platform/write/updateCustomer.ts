import {
  CUSTOMER_NOT_FOUND,
  type CustomerListItem,
  type CustomersQuery,
  type UpdateCustomerBody,
} from "../../contract/customers";
import { ApiError } from "../../contract/errors";
import type { Db } from "../query/db";
import { listCustomers } from "../query/customersList";
import { str } from "../query/rows";
import type { StoreWriter } from "./storeWriter";
import { txDb } from "./txDb";

/**
 * GET and PATCH /customers/{id}: one customer as GET /customers lists it. Events show a customer
 * as read at the time of the read (the cached ones are dropped by the writer once a transaction
 * updated customers, before its caller is answered), so a change shows everywhere at once.
 */

export async function getCustomer(db: Db, workspaceId: string, query: CustomersQuery): Promise<CustomerListItem> {
  const [customer] = await listCustomers(db, workspaceId, query);
  if (!customer) throw new ApiError("not_found", CUSTOMER_NOT_FOUND);
  return customer;
}

const COLUMNS = {
  name: "name",
  email: "email",
  avatar: "avatar",
  country: "country",
  externalId: "external_id",
} as const;

export function updateCustomer(
  writer: StoreWriter,
  workspaceId: string,
  query: CustomersQuery,
  body: UpdateCustomerBody,
): Promise<CustomerListItem> {
  return writer.transact(async (tx) => {
    const db = txDb(tx);
    const current = await getCustomer(db, workspaceId, query);
    if (body.externalId !== undefined && body.externalId !== current.externalId) {
      const taken = await tx.all(`SELECT id FROM customers WHERE workspace_id = $ws AND external_id = $external_id`, {
        ws: workspaceId,
        external_id: body.externalId,
      });
      if (taken.length > 0)
        throw new ApiError(
          "conflict",
          `A customer with externalId ${body.externalId} already exists in this workspace (${str(taken[0], "id")}).`,
        );
    }
    const values: Record<string, string | null> = { id: current.id };
    const assignments: string[] = [];
    for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
      if (body[field] === undefined) continue;
      values[column] = body[field];
      assignments.push(`${column} = $${column}`);
    }
    if (assignments.length > 0) await tx.run(`UPDATE customers SET ${assignments.join(", ")} WHERE id = $id`, values);
    return getCustomer(db, workspaceId, { ...query, match: { by: "id", value: current.id } });
  });
}
