import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupListSchema, groupListItemSchema, type GroupListItem } from "../../contract/groups";
import { GROUP_NOT_FOUND, groupSlugTaken } from "../../contract/groupWrite";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";

/**
 * POST /groups and PATCH /groups/{id} (the SDK has no method for them: requests written by hand),
 * on a writable platform of the test's own; replies read with the contract's strict schema.
 */

let live: WritablePlatform;

beforeAll(async () => {
  live = await startWritable();
});
afterAll(async () => {
  await live?.close();
});

const uniqueName = () => `Group ${Date.now().toString(36)} ${Math.random().toString(36).slice(2, 6)}`;

describe("partner groups", () => {
  it("creates one (201) listed by GET /groups, and renames it", async () => {
    const name = uniqueName();
    const created = await live.request("/groups", { body: { name } });
    expect(created.status).toBe(201);
    const group = groupListItemSchema.parse(created.body);
    expect(group).toMatchObject({ id: expect.stringMatching(/^grp_/), name, totalPartners: 0, totalSaleAmount: 0 });
    const listed = groupListSchema.parse((await live.request(`/groups?groupIds=${group.id}`)).body);
    expect(listed).toEqual([group]);
    const renamed = await live.request(`/groups/${group.id}`, { method: "PATCH", body: { name: `${name} renamed` } });
    expect(renamed.status).toBe(200);
    expect((renamed.body as GroupListItem).name).toBe(`${name} renamed`);
    expect((renamed.body as GroupListItem).slug).toBe(`${group.slug}-renamed`);
  });

  it("refuses a slug taken (409), a slug not made from the name or a colour (422), an unknown group (404), and plans below Business (403)", async () => {
    const name = uniqueName();
    const first = await live.request("/groups", { body: { name } });
    const again = await live.request("/groups", { body: { name: name.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: { code: "conflict", message: groupSlugTaken((first.body as GroupListItem).slug) },
    });
    expect((await live.request("/groups", { body: { name: uniqueName(), slug: "other" } })).status).toBe(422);
    expect((await live.request("/groups", { body: { name: uniqueName(), color: "#ff0000" } })).status).toBe(422);
    expect((await live.request("/groups", { body: {} })).status).toBe(400);
    const missing = await live.request("/groups/grp_nope", { method: "PATCH", body: { name: "x" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { message: GROUP_NOT_FOUND } });
    expect(
      (
        await live.request(`/groups/${(first.body as GroupListItem).id}`, {
          method: "PATCH",
          body: { name: "x" },
          key: "advanced",
        })
      ).status,
    ).toBe(404);
    expect((await live.request("/groups", { body: { name: uniqueName() }, key: "pro" })).status).toBe(403);
  });
});
