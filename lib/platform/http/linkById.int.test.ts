import type { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { LINK_NOT_FOUND } from "../write/updateLinks";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { sdkFor, thrown, unique } from "../testing/sdk";

/**
 * One link by id, by domain and key, by external id (GET /links/info, GET /links/{linkId}), and
 * changed (PATCH /links/{linkId}) through the hosted platform's SDK where it has the method, on a
 * writable platform of the test's own: a change reaches the link's next redirect and its analytics
 * by tag and folder at once.
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

describe("GET /links/info and GET /links/{linkId}", () => {
  it("finds a link by id, by domain and key (any case), by ext_ external id; the same record each way", async () => {
    const externalId = unique("ext");
    const made = await dub.links.create({ url: "https://example.com/info", key: unique("Info"), externalId });
    const byId = await dub.links.get({ linkId: made.id });
    expect(byId).toEqual(made);
    expect(await dub.links.get({ domain: made.domain, key: made.key.toLowerCase() })).toEqual(made);
    expect(await dub.links.get({ externalId: `ext_${externalId}` })).toEqual(made);
    expect(await dub.links.get({ linkId: `ext_${externalId}` })).toEqual(made);
    const raw = await live.request(`/links/info?linkId=${made.id}`);
    expect((raw.body as LinkRecord).id).toBe(made.id);
    for (const path of [`/links/${made.id}`, `/links/ext_${externalId}`]) {
      const res = await live.request(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toEqual(raw.body);
    }
  });

  it("answers a domain without a key with its root link", async () => {
    const domains = await dub.domains.list({});
    const domain = domains.result[0].slug;
    expect((await dub.links.get({ domain })).key).toBe("_root");
  });

  it("is 404 for a link not found or another workspace's, 400 without a name or with an external id lacking ext_", async () => {
    const made = await dub.links.create({ url: "https://example.com/mine" });
    const other = sdkFor(live.url, "demo_advanced_key");
    for (const call of [
      () => dub.links.get({ linkId: "link_nope" }),
      () => other.links.get({ linkId: made.id }),
      () => dub.links.get({ domain: made.domain, key: "no-such-key-here" }),
    ]) {
      const err = await thrown(call);
      expect(err).toBeInstanceOf(errors.NotFound);
      expect((err as errors.NotFound).error.message).toBe(LINK_NOT_FOUND);
    }
    expect((await live.request(`/links/${made.id}`, { key: "advanced" })).status).toBe(404);
    expect(await thrown(() => dub.links.get({}))).toBeInstanceOf(errors.BadRequest);
    expect(await thrown(() => dub.links.get({ externalId: "no-prefix" }))).toBeInstanceOf(errors.BadRequest);
  });
});

describe("PATCH /links/{linkId}", () => {
  it("changes the fields given and keeps the others; tags are replaced in the order given", async () => {
    const tags = await dub.tags.list({});
    const folders = await dub.folders.list({});
    const made = await dub.links.create({
      url: "https://example.com/before?utm_source=a",
      title: "Before",
      comments: "kept",
      tagIds: [tags[0].id],
    });
    const updated = await dub.links.update(made.id, {
      url: "https://example.com/after",
      utmMedium: "email",
      title: "After",
      archived: true,
      tagIds: [tags[2].id, tags[1].id],
      folderId: folders[0].id,
      expiresAt: "2031-01-01T00:00:00.000Z",
    });
    expect(updated).toMatchObject({
      id: made.id,
      title: "After",
      comments: "kept",
      archived: true,
      folderId: folders[0].id,
      utmMedium: "email",
      utmSource: null,
    });
    expect(updated.url).toBe("https://example.com/after?utm_medium=email");
    expect(updated.expiresAt).toBe("2031-01-01T00:00:00.000Z");
    expect(updated.tags?.map((t) => t.id)).toEqual([tags[2].id, tags[1].id]);
    expect(updated.tagId).toBe(tags[2].id);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    expect(await dub.links.get({ linkId: made.id })).toEqual(updated);
    // By external id too.
    const externalId = unique("ext");
    await dub.links.update(made.id, { externalId });
    expect((await dub.links.update(`ext_${externalId}`, { comments: "by external id" })).comments).toBe(
      "by external id",
    );
  });

  it("moves a link to another key, sends its next visit to the new destination, and counts its past clicks under its new tag and folder", async () => {
    const [click] = await dub.events.list({ event: "clicks", interval: "all", limit: 1 });
    if (!click || !("click" in click)) throw new Error("the seed has clicks");
    const linkId = click.link.id;
    const before = await dub.analytics.retrieve({ event: "clicks", interval: "all", linkId, groupBy: "count" });
    const total = (before as { clicks: number }).clicks;
    const tag = await dub.tags.create({ name: unique("moved") }).catch(() => null);
    const tagId = tag?.id ?? (await dub.tags.list({}))[0].id;
    const folder = (await dub.folders.list({}))[1];
    // The resolver has seen the link under its key.
    const visit = (key: string) =>
      live.request(`/r/${click.link.domain}/${key}`, { key: null, headers: { "User-Agent": "curl/8" } });
    expect((await visit(click.link.key)).status).toBe(302);
    const key = unique("moved");
    const moved = await dub.links.update(linkId, {
      key,
      url: "https://example.com/moved",
      tagIds: [tagId],
      folderId: folder.id,
    });
    expect(moved.key).toBe(key);
    const atNewKey = await visit(key);
    expect(atNewKey.status).toBe(302);
    expect(atNewKey.headers.get("Location")).toMatch(/^https:\/\/example\.com\/moved($|\?)/);
    expect((await visit(click.link.key)).status).toBe(404);
    const byTag = await live.request(
      `/analytics?event=clicks&interval=all&groupBy=count&tagId=${tagId}&linkId=${linkId}`,
    );
    const byFolder = await live.request(
      `/analytics?event=clicks&interval=all&groupBy=count&folderId=${folder.id}&linkId=${linkId}`,
    );
    expect((byTag.body as { clicks: number }).clicks).toBeGreaterThanOrEqual(total);
    expect((byFolder.body as { clicks: number }).clicks).toBeGreaterThanOrEqual(total);
    const [ofLink] = await dub.events.list({ event: "clicks", interval: "all", linkId, limit: 1 });
    expect(ofLink && "link" in ofLink ? ofLink.link.key : null).toBe(key);
  });

  it("refuses a key taken (409), an unknown tag or folder (422), bad values (422) and a missing link (404)", async () => {
    const a = await dub.links.create({ url: "https://example.com/a", key: unique("a") });
    const b = await dub.links.create({ url: "https://example.com/b", domain: a.domain, key: unique("b") });
    expect(await thrown(() => dub.links.update(b.id, { key: a.key.toUpperCase() }))).toBeInstanceOf(errors.Conflict);
    expect(await thrown(() => dub.links.update(b.id, { tagIds: ["tag_nope"] }))).toBeInstanceOf(
      errors.UnprocessableEntity,
    );
    expect(await thrown(() => dub.links.update(b.id, { folderId: "fold_nope" }))).toBeInstanceOf(
      errors.UnprocessableEntity,
    );
    expect((await live.request(`/links/${b.id}`, { method: "PATCH", body: { url: "not a url" } })).status).toBe(422);
    expect(await thrown(() => dub.links.update("link_nope", { title: "x" }))).toBeInstanceOf(errors.NotFound);
    // Nothing of a refused change was written.
    expect(await dub.links.get({ linkId: b.id })).toEqual(b);
  });
});

describe("DELETE /links/{linkId}", () => {
  type Count = { clicks: number; leads: number; sales: number; saleAmount: number };
  type CountryRow = Count & { country: string };
  const count = async (params: string) =>
    (await live.request(`/analytics?event=composite&interval=all&groupBy=count${params}`)).body as Count;
  const countries = async (params = "") =>
    new Map(
      (
        (await live.request(`/analytics?event=composite&interval=all&groupBy=countries${params}`)).body as CountryRow[]
      ).map((row) => [row.country, row]),
    );

  it("removes the link and its events from every count, breakdown and list, and its short link stops resolving", async () => {
    // The link with the most sales: it has clicks, leads and sales to take out.
    const [top] = (await live.request(`/analytics?event=sales&interval=all&groupBy=top_links`)).body as {
      id: string;
      domain: string;
      key: string;
    }[];
    const [workspaceBefore, linkCount, countriesBefore, linkCountries] = await Promise.all([
      count(""),
      count(`&linkId=${top.id}`),
      countries(),
      countries(`&linkId=${top.id}`),
    ]);
    expect(linkCount.clicks * linkCount.leads * linkCount.sales).toBeGreaterThan(0);

    expect(await dub.links.delete(top.id)).toEqual({ id: top.id });

    const after = await count("");
    expect(after).toEqual({
      clicks: workspaceBefore.clicks - linkCount.clicks,
      leads: workspaceBefore.leads - linkCount.leads,
      sales: workspaceBefore.sales - linkCount.sales,
      saleAmount: workspaceBefore.saleAmount - linkCount.saleAmount,
    });
    const countriesAfter = await countries();
    for (const [country, row] of countriesBefore) {
      const gone = linkCountries.get(country);
      const expected = gone ? row.clicks - gone.clicks : row.clicks;
      if (expected === 0) expect(countriesAfter.has(country), country).toBe(false);
      else expect(countriesAfter.get(country)?.clicks, country).toBe(expected);
    }
    for (const event of ["clicks", "leads", "sales"])
      expect((await live.request(`/events?event=${event}&interval=all&linkId=${top.id}`)).body).toEqual([]);
    expect(await count(`&linkId=${top.id}`)).toEqual({ clicks: 0, leads: 0, sales: 0, saleAmount: 0 });
    const topLinks = (await live.request(`/analytics?event=clicks&interval=all&groupBy=top_links`)).body as {
      id: string;
    }[];
    expect(topLinks.some((row) => row.id === top.id)).toBe(false);
    expect(await thrown(() => dub.links.get({ linkId: top.id }))).toBeInstanceOf(errors.NotFound);
    expect(
      (await live.request(`/r/${top.domain}/${top.key}`, { key: null, headers: { "User-Agent": "curl/8" } })).status,
    ).toBe(404);
    // A second delete, or another workspace's, finds nothing.
    expect(await thrown(() => dub.links.delete(top.id))).toBeInstanceOf(errors.NotFound);
  });

  it("deletes by external id; another workspace's link is 404 and stays", async () => {
    const externalId = unique("gone");
    const made = await dub.links.create({ url: "https://example.com/gone", externalId });
    expect((await live.request(`/links/${made.id}`, { method: "DELETE", key: "advanced" })).status).toBe(404);
    expect((await dub.links.get({ linkId: made.id })).id).toBe(made.id);
    expect(await dub.links.delete(`ext_${externalId}`)).toEqual({ id: made.id });
    expect(await thrown(() => dub.links.get({ linkId: made.id }))).toBeInstanceOf(errors.NotFound);
    // Its key is free again.
    expect((await dub.links.create({ url: "https://example.com/again", domain: made.domain, key: made.key })).key).toBe(
      made.key,
    );
  });
});
