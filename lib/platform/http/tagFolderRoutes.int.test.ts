import type { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLDER_NOT_FOUND } from "../../contract/folderWrite";
import { TAG_NAME_TAKEN, TAG_NOT_FOUND } from "../../contract/tagWrite";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { sdkFor, thrown } from "../testing/sdk";

/**
 * POST, PATCH and DELETE of tags and folders through the hosted platform's SDK, on a writable
 * platform of the test's own: what a link shows and what analytics count by tag and folder
 * follow each change at once.
 */

let live: WritablePlatform;
let dub: Dub;

beforeAll(async () => {
  live = await startWritable();
  dub = sdkFor(live.url);
});
afterAll(async () => {
  await live?.close();
});

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const count = async (query: string) =>
  ((await live.request(`/analytics?event=clicks&interval=all&groupBy=count&${query}`)).body as { clicks: number })
    .clicks;

describe("tags", () => {
  it("creates (201, a colour when none is given), renames, recolours and deletes, following on the links that carry the tag", async () => {
    const name = unique("Launch");
    const created = await dub.tags.create({ name, color: "blue" });
    expect(created).toEqual({ id: expect.stringMatching(/^tag_/), name, color: "blue" });
    expect((await live.request("/tags", { body: { name: unique("Plain") } })).status).toBe(201);
    const legacy = await live.request("/tags", { body: { tag: unique("Legacy") } });
    expect(legacy.body).toMatchObject({ color: expect.any(String) });
    expect((await dub.tags.list({ search: name })).map((t) => t.id)).toEqual([created.id]);

    const link = await dub.links.create({ url: "https://example.com/tagged", tagIds: [created.id] });
    expect(link.tags?.map((t) => t.name)).toEqual([name]);
    const renamed = await dub.tags.update(created.id, { name: `${name}-2`, color: "red" });
    expect(renamed).toEqual({ id: created.id, name: `${name}-2`, color: "red" });
    expect((await dub.links.get({ linkId: link.id })).tags).toEqual([renamed]);

    expect(await dub.tags.delete(created.id)).toEqual({ id: created.id });
    expect((await dub.links.get({ linkId: link.id })).tags).toEqual([]);
    expect(await dub.tags.list({ search: name })).toEqual([]);
  });

  it("counts a tagged link's past clicks under the tag, and none once the tag is gone", async () => {
    const [click] = await dub.events.list({ event: "clicks", interval: "all", limit: 1 });
    if (!click || !("click" in click)) throw new Error("the seed has clicks");
    const ofLink = await count(`linkId=${click.link.id}`);
    const tag = await dub.tags.create({ name: unique("Counted") });
    await dub.links.update(click.link.id, { tagIds: [tag.id] });
    expect(await count(`tagId=${tag.id}`)).toBe(ofLink);
    await dub.tags.delete(tag.id);
    expect(await count(`tagId=${tag.id}`)).toBe(0);
  });

  it("refuses a name taken in any case (409), bad colours and names (422), and an unknown tag (404)", async () => {
    const tag = await dub.tags.create({ name: unique("Taken") });
    const err = await thrown(() => dub.tags.create({ name: tag.name.toUpperCase() }));
    expect(err).toBeInstanceOf(errors.Conflict);
    expect((err as errors.Conflict).error.message).toBe(TAG_NAME_TAKEN);
    expect((await live.request("/tags", { body: { name: "x", color: "black" } })).status).toBe(422);
    expect((await live.request("/tags", { body: { name: "" } })).status).toBe(422);
    expect((await live.request("/tags", { body: {} })).status).toBe(400);
    const missing = await thrown(() => dub.tags.update("tag_nope", { name: "x" }));
    expect(missing).toBeInstanceOf(errors.NotFound);
    expect((missing as errors.NotFound).error.message).toBe(TAG_NOT_FOUND);
    expect(await thrown(() => dub.tags.delete("tag_nope"))).toBeInstanceOf(errors.NotFound);
    const other = sdkFor(live.url, "demo_advanced_key");
    expect(await thrown(() => other.tags.delete(tag.id))).toBeInstanceOf(errors.NotFound);
  });
});

describe("folders", () => {
  it("creates (201), renames and deletes; a deleted folder's links stay, in no folder, and are counted under none", async () => {
    const name = unique("Campaigns");
    const folder = await dub.folders.create({ name });
    expect(folder).toMatchObject({
      id: expect.stringMatching(/^fold_/),
      name,
      description: null,
      type: "default",
      accessLevel: "write",
    });
    expect((await dub.folders.list({ search: name })).map((f) => f.id)).toEqual([folder.id]);
    const renamed = await dub.folders.update(folder.id, { name: `${name}-2` });
    expect(renamed).toMatchObject({ id: folder.id, name: `${name}-2` });

    const [click] = await dub.events.list({ event: "clicks", interval: "all", limit: 1 });
    if (!click || !("click" in click)) throw new Error("the seed has clicks");
    const ofLink = await count(`linkId=${click.link.id}`);
    await dub.links.update(click.link.id, { folderId: folder.id });
    expect(await count(`folderId=${folder.id}`)).toBe(ofLink);

    expect(await dub.folders.delete(folder.id)).toEqual({ id: folder.id });
    expect((await dub.links.get({ linkId: click.link.id })).folderId).toBeNull();
    expect(await count(`folderId=${folder.id}`)).toBe(0);
    expect(await dub.folders.list({ search: name })).toEqual([]);
  });

  it("refuses a name taken (409), a description or read-only access (422), and an unknown folder (404)", async () => {
    const folder = await dub.folders.create({ name: unique("Taken") });
    expect(await thrown(() => dub.folders.create({ name: folder.name }))).toBeInstanceOf(errors.Conflict);
    expect(
      await thrown(() => dub.folders.create({ name: unique("Described"), description: "kept nowhere" })),
    ).toBeInstanceOf(errors.UnprocessableEntity);
    expect(await thrown(() => dub.folders.create({ name: unique("Read"), accessLevel: "read" }))).toBeInstanceOf(
      errors.UnprocessableEntity,
    );
    const missing = await thrown(() => dub.folders.update("fold_nope", { name: "x" }));
    expect(missing).toBeInstanceOf(errors.NotFound);
    expect((missing as errors.NotFound).error.message).toBe(FOLDER_NOT_FOUND);
    expect(await thrown(() => dub.folders.delete("fold_nope"))).toBeInstanceOf(errors.NotFound);
  });
});
