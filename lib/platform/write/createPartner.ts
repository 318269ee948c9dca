import { ApiError } from "../../contract/errors";
import type { CreatePartnerBody } from "../../contract/partnerCreate";
import type { PartnerListItem } from "../../contract/partners";
import { listPartners } from "../query/partnersList";
import { nstr, str } from "../query/rows";
import type { LinkAuthor } from "./createLinks";
import { timestampValue } from "./eventRows";
import { newTimeId } from "./ids";
import { createDefaultLink } from "./partnerDefaultLink";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";
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
    if (!ids.includes(groupId))
      throw new ApiError("unprocessable_entity", `Invalid value for "groupId": the program has no group ${groupId}.`);
    return groupId;
  }
  if (ids.length === 0) throw new ApiError("not_found", "This workspace's program has no partner group.");
  return ids[0];
}

/** 409 when another partner of the program has this tenant id (the hosted platform's message). */
async function checkTenantFree(tx: WriteTx, workspaceId: string, tenantId: string): Promise<void> {
  const [taken] = await tx.all(
    `SELECT 1 AS taken FROM partners WHERE workspace_id = $ws AND tenant_id = $tenant_id LIMIT 1`,
    { ws: workspaceId, tenant_id: tenantId },
  );
  if (taken)
    throw new ApiError(
      "conflict",
      `The tenantId '${tenantId}' is already associated with another partner in this program.`,
    );
}

/**
 * The partner already enrolled with this email or, failing that, this tenant id. As hosted: it
 * is answered unchanged, unless a different tenant id is given, which it then takes (409 if
 * another partner has it). Null when neither names a partner.
 */
async function enrolledAlready(tx: WriteTx, workspaceId: string, body: CreatePartnerBody): Promise<string | null> {
  const [known] = await tx.all(
    `SELECT id, tenant_id FROM partners WHERE workspace_id = $ws AND (lower(email) = lower($email) OR tenant_id = $tenant_id)
ORDER BY lower(email) = lower($email) DESC, id LIMIT 1`,
    { ws: workspaceId, email: body.email, tenant_id: body.tenantId ?? null },
  );
  if (!known) return null;
  const id = str(known, "id");
  if (body.tenantId !== undefined && body.tenantId !== nstr(known, "tenant_id")) {
    await checkTenantFree(tx, workspaceId, body.tenantId);
    await tx.run(`UPDATE partners SET tenant_id = $tenant_id WHERE id = $id`, { id, tenant_id: body.tenantId });
  }
  return id;
}

/**
 * POST /partners: enrolls a partner in the workspace's program with its tenant id and description
 * and, when the program has a website, its default link (createDefaultLink); or, for a tenant id
 * or email already enrolled, answers that partner as the hosted platform does.
 */
export function createPartner(
  writer: StoreWriter,
  author: LinkAuthor,
  body: CreatePartnerBody,
  now: Date,
): Promise<PartnerListItem> {
  const { workspaceId } = author;
  return writer.transact(async (tx) => {
    const [ws] = await tx.all(`SELECT default_program_id, program_url FROM workspaces WHERE id = $ws`, {
      ws: workspaceId,
    });
    if (!ws || ws.default_program_id === null)
      throw new ApiError("not_found", "This workspace has no partner program.");
    let id = await enrolledAlready(tx, workspaceId, body);
    if (id === null) {
      if (body.tenantId !== undefined) await checkTenantFree(tx, workspaceId, body.tenantId);
      id = newTimeId("pn_", now);
      await tx.run(
        `INSERT INTO partners (id, workspace_id, name, email, image, country, group_id, tenant_id, description, enrolled_at)
VALUES ($id, $ws, $name, $email, $image, $country, $group_id, $tenant_id, $description, $enrolled_at)`,
        {
          id,
          ws: workspaceId,
          // As hosted: a partner without a name is named by its email.
          name: body.name || body.email,
          email: body.email,
          image: body.image ?? null,
          country: body.country ?? null,
          group_id: await chooseGroup(tx, workspaceId, body.groupId),
          tenant_id: body.tenantId ?? null,
          description: body.description ?? null,
          enrolled_at: timestampValue(now),
        },
      );
      const programUrl = nstr(ws, "program_url");
      if (programUrl !== null) {
        const partner = {
          id,
          email: body.email,
          name: body.name,
          username: body.username,
          tenantId: body.tenantId ?? null,
        };
        await createDefaultLink(tx, author, programUrl, partner, body.linkProps, now);
      }
    }
    const [email] = await tx.all(`SELECT email FROM partners WHERE id = $id`, { id });
    const [partner] = await listPartners(txDb(tx), workspaceId, {
      email: str(email, "email"),
      sortBy: "createdAt",
      sortOrder: "desc",
      page: 1,
      pageSize: 1,
    });
    if (!partner) throw new Error(`partner ${id} was not read back`);
    return partner;
  });
}
