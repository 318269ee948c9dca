import type { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { sdkFor, thrown, unique } from "../testing/sdk";

/**
 * POST /links, POST /links/bulk, GET /links, GET /domains and POST /partners through the hosted
 * platform's own SDK (npm `dub`, which validates every reply), against a writable platform of
 * the test's own.
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

describe("links", () => {
  it("creates one with every field, on the primary domain and a random 7-character key by default", async () => {
    const domains = await dub.domains.list({});
    const primary = domains.result.find((d) => d.primary);
    expect(primary).toBeDefined();
    const externalId = unique("ext");
    const link = await dub.links.create({
      url: "https://example.com/launch?utm_source=newsletter",
      externalId,
      tenantId: "tenant-1",
      trackConversion: true,
      title: "Launch",
      description: "Our launch",
      ios: "https://apps.apple.com/app/1",
      android: "https://play.google.com/store/apps/details?id=x",
      geo: { DE: "https://example.de/launch" },
      expiresAt: "2030-01-01T00:00:00.000Z",
      expiredUrl: "https://example.com/expired",
      utmCampaign: "launch",
      testVariants: [
        { url: "https://example.com/a", percentage: 60 },
        { url: "https://example.com/b", percentage: 40 },
      ],
      comments: "made by a test",
    });
    expect(link.domain).toBe(primary?.slug);
    expect(link.key).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(link).toMatchObject({
      externalId,
      tenantId: "tenant-1",
      trackConversion: true,
      title: "Launch",
      utmSource: "newsletter",
      utmCampaign: "launch",
      clicks: 0,
    });
    expect(link.url).toBe("https://example.com/launch?utm_source=newsletter&utm_campaign=launch");
    expect(link.geo).toEqual({ DE: "https://example.de/launch" });
    expect(link.testVariants).toHaveLength(2);

    // The new link is listed, newest first, and read back the same.
    const listed = await dub.links.list({ pageSize: 5 });
    expect(listed.result.map((l) => l.id)).toContain(link.id);

    expect(await thrown(() => dub.links.create({ url: "https://example.com/other", externalId }))).toBeInstanceOf(
      errors.Conflict,
    );
    expect(
      await thrown(() => dub.links.create({ url: "https://example.com/other", domain: link.domain, key: link.key })),
    ).toBeInstanceOf(errors.Conflict);
  });

  it("refuses test variants outside the spec's bounds with 422", async () => {
    const variants = (percentages: number[]) =>
      percentages.map((percentage, i) => ({ url: `https://example.com/${i}`, percentage }));
    for (const bad of [[100], [50, 30], [5, 95], [20, 20, 20, 20, 20], [91, 9]]) {
      const res = await live.request("/links", { body: { url: "https://example.com", testVariants: variants(bad) } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body).toMatchObject({ error: { code: "unprocessable_entity" } });
    }
    expect(
      (await live.request("/links", { body: { url: "https://example.com", testVariants: variants([25, 25, 50]) } }))
        .status,
    ).toBe(200);
    expect((await live.request("/links", { body: { domain: "x" } })).status).toBe(400);
    expect((await live.request("/links", { body: { url: "not a url" } })).status).toBe(422);
    expect(
      (await live.request("/links", { body: { url: "https://example.com", domain: "not-ours.example" } })).status,
    ).toBe(403);
  });

  it("refuses a destination that is not http(s), wherever a link takes a URL, with 422: alone and in bulk", async () => {
    const hostile = [
      "javascript:alert(document.domain)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://example.com/x",
    ];
    const ok = "https://example.com/ok";
    const places = (bad: string): Record<string, unknown>[] => [
      { url: bad },
      { url: ok, expiredUrl: bad },
      { url: ok, ios: bad },
      { url: ok, android: bad },
      { url: ok, geo: { US: ok, DE: bad } },
      { url: ok, image: bad },
      {
        url: ok,
        testVariants: [
          { url: ok, percentage: 50 },
          { url: bad, percentage: 50 },
        ],
      },
    ];
    for (const bad of hostile) {
      const bodies = places(bad);
      for (const body of bodies) {
        const res = await live.request("/links", { body });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body, JSON.stringify(body)).toMatchObject({
          error: { code: "unprocessable_entity", message: expect.stringContaining("an http:// or https:// URL") },
        });
      }
      const bulk = await live.request("/links/bulk", { body: bodies });
      expect(bulk.status).toBe(200);
      expect((bulk.body as { code?: string }[]).map((r) => r.code)).toEqual(bodies.map(() => "unprocessable_entity"));
    }
    const plain = await live.request("/links", {
      body: { url: "http://example.com/plain", ios: "https://apps.example.com/x" },
    });
    expect(plain.status).toBe(200);
  });

  it("creates in bulk with a result per item, and refuses 101 items", async () => {
    const externalId = unique("bulk");
    const results = await dub.links.createMany([
      { url: "https://example.com/1", externalId },
      { url: "https://example.com/2", externalId },
      { url: "https://example.com/3", testVariants: [{ url: "https://example.com/x", percentage: 100 }] },
      { url: "https://example.com/4", key: unique("k") },
    ]);
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({ url: "https://example.com/1", externalId });
    expect(results[1]).toMatchObject({ code: "conflict" });
    expect(results[2]).toMatchObject({ code: "unprocessable_entity" });
    expect(results[3]).toMatchObject({ url: "https://example.com/4" });

    const tooMany = Array.from({ length: 101 }, (_, i) => ({ url: `https://example.com/${i}` }));
    expect(await thrown(() => dub.links.createMany(tooMany))).toBeInstanceOf(errors.UnprocessableEntity);
    const hundred = await live.request("/links/bulk", { body: tooMany.slice(0, 100) });
    expect(hundred.status).toBe(200);
    expect((hundred.body as LinkRecord[]).every((l) => typeof l.id === "string")).toBe(true);
  });

  it("lists with page, pageSize, sortBy and sortOrder", async () => {
    const page1 = await live.request("/links?pageSize=3&sortBy=clicks&sortOrder=desc");
    const page2 = await live.request("/links?pageSize=3&page=2&sortBy=clicks&sortOrder=desc");
    const [a, b] = [page1.body as LinkRecord[], page2.body as LinkRecord[]];
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(3);
    const clicks = [...a, ...b].map((l) => l.clicks);
    expect(clicks).toEqual([...clicks].sort((x, y) => y - x));
    expect(new Set([...a, ...b].map((l) => l.id)).size).toBe(6);
    expect((await live.request("/links?pageSize=101")).status).toBe(422);
    expect((await live.request("/links?sortBy=nope")).status).toBe(422);
  });
});

describe("tag order", () => {
  it("a link lists its tags in the order given, alone, in bulk and by name; tagId is the first; read back the same", async () => {
    const tags = await dub.tags.list({});
    const [a, b, c] = [tags[0], tags[1], tags[2]];
    // Given against name order on purpose: c, a, b.
    const one = await dub.links.create({ url: "https://example.com/tagged", tagIds: [c.id, a.id, b.id] });
    expect(one.tags?.map((t) => t.id)).toEqual([c.id, a.id, b.id]);
    expect(one.tagId).toBe(c.id);
    const bulk = await dub.links.createMany([
      { url: "https://example.com/bulk-1", tagIds: [b.id, c.id, a.id] },
      { url: "https://example.com/bulk-2", tagNames: [c.name, b.name] },
      { url: "https://example.com/bulk-3", tagIds: [a.id] },
    ]);
    const ids = bulk.map((item) => ("id" in item ? item.id : ""));
    expect(bulk.map((item) => ("tags" in item ? item.tags?.map((t) => t.id) : null))).toEqual([
      [b.id, c.id, a.id],
      [c.id, b.id],
      [a.id],
    ]);
    expect(bulk.map((item) => ("tagId" in item ? item.tagId : null))).toEqual([b.id, c.id, a.id]);
    for (const [i, id] of ids.entries()) {
      const read = await dub.links.get({ linkId: id });
      expect(
        read.tags?.map((t) => t.id),
        `link ${i}`,
      ).toEqual((bulk[i] as { tags: { id: string }[] }).tags.map((t) => t.id));
    }
    const listed = await live.request(`/links?pageSize=10`);
    const listedOne = (listed.body as LinkRecord[]).find((l) => l.id === ids[0]);
    expect(listedOne?.tags?.map((t) => t.id)).toEqual([b.id, c.id, a.id]);
  });
});

describe("partners", () => {
  it("creates one in the workspace's program, listed by GET /partners; the same email again answers the same partner", async () => {
    const email = `${unique("partner")}@example.com`;
    const created = await dub.partners.create({ email, name: "Pat Partner", country: "DE" });
    expect(created).toMatchObject({ email, name: "Pat Partner", country: "DE" });
    const again = await dub.partners.create({ email });
    expect(again.id).toBe(created.id);
    const listed = await live.request(`/partners?email=${encodeURIComponent(email)}`);
    expect((listed.body as { id: string }[]).map((p) => p.id)).toEqual([created.id]);
    // A link made for the partner carries its program.
    const link = await dub.links.create({ url: "https://example.com/partner", partnerId: created.id });
    expect(link.partnerId).toBe(created.id);
    expect(link.programId).toBe(created.programId);
  });
});

describe("POST /partners with the hosted platform's extras", () => {
  it("keeps tenantId and description, dates the partner now, and makes its default link from username and linkProps", async () => {
    const before = Date.now();
    const domains = await dub.domains.list({});
    const primary = domains.result.find((d) => d.primary)?.slug;
    const [tag] = await dub.tags.list({});
    const email = `${unique("extras")}@example.com`;
    const tenantId = unique("tenant");
    const username = unique("pat").toLowerCase();
    const created = await dub.partners.create({
      email,
      name: "Pat Extras",
      username,
      tenantId,
      description: "Writes about shoes.",
      linkProps: { prefix: "/p/", title: "Pat's link", comments: "from linkProps", tagIds: [tag.id] },
    });
    expect(created).toMatchObject({ email, name: "Pat Extras", tenantId, description: "Writes about shoes." });
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(created.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(created.links).toHaveLength(1);
    const [short] = created.links ?? [];
    expect(short).toMatchObject({ domain: primary, key: `p/${username}`, url: "https://acme.com/" });
    const link = await dub.links.get({ linkId: short.id });
    expect(link).toMatchObject({
      partnerId: created.id,
      programId: created.programId,
      tenantId,
      trackConversion: true,
      title: "Pat's link",
      comments: "from linkProps",
    });
    expect(link.tags?.map((t) => t.id)).toEqual([tag.id]);
    // GET /partners finds it by tenantId, with the same fields.
    const byTenant = await live.request(`/partners?tenantId=${encodeURIComponent(tenantId)}`);
    expect(
      (byTenant.body as { id: string; description: string; createdAt: string }[]).map((p) => [
        p.id,
        p.description,
        p.createdAt,
      ]),
    ).toEqual([[created.id, "Writes about shoes.", created.createdAt]]);
    // Its short link redirects to the program's site.
    const visit = await live.request(`/r/${short.domain}/${short.key}`, {
      key: null,
      headers: { "User-Agent": "curl/8" },
    });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("Location")).toMatch(/^https:\/\/acme\.com\//);
  });

  it("without a username keys the link by the name (or the email), a taken key with a suffix; a partner without a name is named by its email", async () => {
    const name = `Sam ${unique("Keys")}`;
    const first = await dub.partners.create({ email: `${unique("sam")}@example.com`, name });
    const second = await dub.partners.create({ email: `${unique("sam")}@example.com`, name });
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect(first.links?.[0]?.key).toBe(slug);
    expect(second.links?.[0]?.key).toMatch(new RegExp(`^${slug}-[0-9a-z]{4}$`));
    const local = unique("nameless").toLowerCase();
    const nameless = await dub.partners.create({ email: `${local}@example.com` });
    expect(nameless.name).toBe(`${local}@example.com`);
    expect(nameless.links?.[0]?.key).toBe(local);
  });

  it("refuses a username that is not URL-friendly (422) and a tenantId another partner has (409); an email enrolled takes a new tenantId", async () => {
    for (const username of ["has space", "_reserved", "what?", "index.php"]) {
      const err = await thrown(() => dub.partners.create({ email: `${unique("bad")}@example.com`, username }));
      expect(err, username).toBeInstanceOf(errors.UnprocessableEntity);
      expect((err as errors.UnprocessableEntity).error.message).toMatch(/"username".*URL-friendly/);
    }
    const tenantId = unique("tenant");
    const owner = await dub.partners.create({ email: `${unique("owner")}@example.com`, tenantId });
    // A new email with that tenant id answers its partner; another partner's email with it is a conflict.
    expect((await dub.partners.create({ email: `${unique("any")}@example.com`, tenantId })).id).toBe(owner.id);
    const other = await dub.partners.create({ email: `${unique("other")}@example.com` });
    const taken = await thrown(() => dub.partners.create({ email: other.email ?? "", tenantId }));
    expect(taken).toBeInstanceOf(errors.Conflict);
    expect((taken as errors.Conflict).error.message).toBe(
      `The tenantId '${tenantId}' is already associated with another partner in this program.`,
    );
    // The partner's email with a tenant id free takes it.
    const moved = await dub.partners.create({ email: owner.email ?? "", tenantId: `${tenantId}-2` });
    expect(moved).toMatchObject({ id: owner.id, tenantId: `${tenantId}-2` });
    expect(moved.links).toHaveLength(1);
  });
});

describe("a read-only platform (the shared test process)", () => {
  it("lists links and domains, and refuses writes with 403", async () => {
    const shared = sdkFor(inject("platformUrl"));
    expect((await shared.links.list({ pageSize: 2 })).result).toHaveLength(2);
    expect((await shared.domains.list({})).result.length).toBeGreaterThan(0);
    expect(await thrown(() => shared.links.create({ url: "https://example.com" }))).toBeInstanceOf(errors.Forbidden);
    expect(await thrown(() => shared.track.sale({ customerExternalId: "x", amount: 1 }))).toBeInstanceOf(
      errors.Forbidden,
    );
  });
});

describe("field rules of the hosted platform", () => {
  it("a random key under a prefix is prefix/key; a key given is kept as given; the QR code's URL carries qr=1", async () => {
    const prefixed = await dub.links.create({ url: "https://example.com/prefixed", prefix: "/c/" });
    expect(prefixed.key).toMatch(/^c\/[0-9A-Za-z]{7}$/);
    const bare = await dub.links.create({ url: "https://example.com/prefixed", prefix: "promo" });
    expect(bare.key).toMatch(/^promo\/[0-9A-Za-z]{7}$/);
    const given = unique("given");
    expect((await dub.links.create({ url: "https://example.com/given", key: given, prefix: "/c/" })).key).toBe(given);
    expect(new URL(prefixed.qrCode).searchParams.get("url")).toBe(`${prefixed.shortLink}?qr=1`);
  });

  it("a link made through the API names its key's user in userId, the same for every link of that key", async () => {
    const [one, two] = await Promise.all([
      dub.links.create({ url: "https://example.com/u1" }),
      dub.links.create({ url: "https://example.com/u2" }),
    ]);
    expect(one.userId).toMatch(/^user_[0-9a-f]{24}$/);
    expect(two.userId).toBe(one.userId);
    const bulk = await dub.links.createMany([{ url: "https://example.com/u3" }]);
    expect((bulk[0] as { userId?: string }).userId).toBe(one.userId);
    const other = await sdkFor(live.url, "demo_advanced_key").links.create({ url: "https://example.com/u4" });
    expect(other.userId).not.toBe(one.userId);
  });

  it("customers carry stripeCustomerId (null: the store keeps none)", async () => {
    const res = await live.request("/customers?pageSize=1");
    expect((res.body as { stripeCustomerId: unknown }[])[0].stripeCustomerId).toBeNull();
  });
});
