import { ApiError } from "../../contract/errors";
import type { CreatePartnerBody } from "../../contract/partnerCreate";
import type { PartnerListItem } from "../../contract/partners";
import { listPartners } from "../query/partnersList";
import { str } from "../query/rows";
import { newId } from "./ids";
import type { StoreWriter, WriteTx } from "./storeWriter";
import { txDb } from "./txDb";

/** The group a partner joins: the one named, or the workspace's default (the group most partners are in; the first by id if none). */
async function chooseGroup(tx: WriteTx, workspaceId: string, groupId: string | undefined): Promise<string> {
  const rows = await tx.all(
    `SELECT g.id FROM partner_groups g LEFT JOIN partners pa ON pa.group_id = g.id
WHERE g.workspace_id = $ws GROUP BY g.id ORDER BY count(pa.id) DESC, g.id`,
    { ws: workspaceId },
  );
  const ids = rows.map((row) => str(row, "id"));
  if (groupId !== undefined) {
    if (!ids.includes(groupId)) throw new ApiError("unprocessable_entity", `Invalid value for "groupId": the program has no group ${groupId}.`);
    return groupId;
  }
  if (ids.length === 0) throw new ApiError("not_found", "This workspace's program has no partner group.");
  return ids[0];
}

/**
 * POST /partners: enrolls a partner in the workspace's program, or, as the hosted platform does
 * for an email already enrolled, answers with that partner unchanged.
 */
export function createPartner(writer: StoreWriter, workspaceId: string, body: CreatePartnerBody): Promise<PartnerListItem> {
  return writer.transact(async (tx) => {
    const [ws] = await tx.all(`SELECT default_program_id FROM workspaces WHERE id = $ws`, { ws: workspaceId });
    if (!ws || ws.default_program_id === null) throw new ApiError("not_found", "This workspace has no partner program.");
    const [known] = await tx.all(`SELECT email FROM partners WHERE workspace_id = $ws AND lower(email) = lower($email)`, { ws: workspaceId, email: body.email });
    if (!known) {
      await tx.run(`INSERT INTO partners (id, workspace_id, name, email, image, country, group_id) VALUES ($id, $ws, $name, $email, $image, $country, $group_id)`, {
        id: newId("pn_"),
        ws: workspaceId,
        name: body.name ?? body.email.split("@")[0],
        email: body.email,
        image: body.image ?? null,
        country: body.country ?? null,
        group_id: await chooseGroup(tx, workspaceId, body.groupId),
      });
    }
    const email = known ? str(known, "email") : body.email;
    const [partner] = await listPartners(txDb(tx), workspaceId, { email, sortBy: "createdAt", sortOrder: "desc", page: 1, pageSize: 1 });
    if (!partner) throw new Error(`partner ${body.email} was not read back`);
    return partner;
  });
}
