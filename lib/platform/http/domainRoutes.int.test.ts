import type { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainRecord } from "../../contract/domains";
import { DOMAIN_NOT_FOUND, DOMAIN_TAKEN } from "../../contract/domainWrite";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { sdkFor, thrown } from "../testing/sdk";

/**
 * POST /domains, GET and PATCH /domains/{slug}, POST /domains/{slug}/primary, through the hosted
 * platform's SDK where it has the method, on a writable platform of the test's own: a new domain
 * serves short links at once, a renamed one takes its links along.
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

const uniqueDomain = () => `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example.org`;
const visit = (domain: string, key: string) =>
  live.request(`/${key}`, { key: null, headers: { Host: domain, "User-Agent": "curl/8" } });

describe("domains", () => {
  it("adds one (201), reads it by slug, serves its links at once, renames it with its links, and makes it primary", async () => {
    const slug = uniqueDomain();
    const created = await dub.domains.create({ slug: slug.toUpperCase() });
    expect(created).toMatchObject({ slug, primary: false, archived: false, verified: true });
    expect((await live.request("/domains", { body: { slug: uniqueDomain() } })).status).toBe(201);
    const read = await live.request(`/domains/${slug}`);
    expect(read.status).toBe(200);
    expect((read.body as DomainRecord).id).toBe(created.id);

    const link = await dub.links.create({ url: "https://example.com/on-new-domain", domain: slug, key: "hello" });
    expect((await visit(slug, "hello")).status).toBe(302);

    const renamed = uniqueDomain();
    const updated = await dub.domains.update(slug, { slug: renamed });
    expect(updated.slug).toBe(renamed);
    expect((await dub.links.get({ linkId: link.id })).domain).toBe(renamed);
    expect((await visit(renamed, "hello")).status).toBe(302);
    expect((await live.request(`/domains/${slug}`)).status).toBe(404);

    const primary = await live.request(`/domains/${renamed}/primary`, { method: "POST" });
    expect(primary.status).toBe(200);
    expect((primary.body as DomainRecord).primary).toBe(true);
    const listed = await dub.domains.list({});
    expect(listed.result.filter((d) => d.primary).map((d) => d.slug)).toEqual([renamed]);
    // A link made without a domain lands on the new primary one.
    expect((await dub.links.create({ url: "https://example.com/default-domain" })).domain).toBe(renamed);
  });

  it("refuses a domain taken by any workspace (409), a bad slug or a setting not kept (422), and one not found (404)", async () => {
    const [mine] = (await dub.domains.list({})).result;
    const other = sdkFor(live.url, "demo_advanced_key");
    const err = await thrown(() => other.domains.create({ slug: mine.slug }));
    expect(err).toBeInstanceOf(errors.Conflict);
    expect((err as errors.Conflict).error.message).toBe(DOMAIN_TAKEN);
    expect(await thrown(() => dub.domains.create({ slug: "not a domain" }))).toBeInstanceOf(errors.UnprocessableEntity);
    expect(
      await thrown(() => dub.domains.create({ slug: uniqueDomain(), expiredUrl: "https://example.com/expired" })),
    ).toBeInstanceOf(errors.UnprocessableEntity);
    const missing = await thrown(() => dub.domains.update("no-such.example.org", { slug: uniqueDomain() }));
    expect(missing).toBeInstanceOf(errors.NotFound);
    expect((missing as errors.NotFound).error.message).toBe(DOMAIN_NOT_FOUND);
    expect((await live.request(`/domains/${mine.slug}`, { key: "advanced" })).status).toBe(404);
    expect((await live.request(`/domains/${mine.slug}/primary`, { method: "POST", key: "advanced" })).status).toBe(404);
  });
});
