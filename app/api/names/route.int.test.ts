import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "@/lib/contract/errors";
import { nameOptionsSchema } from "@/lib/contract/names";
import { dashboardRequest, useUpstream } from "@/lib/upstream/testing/env";
import { startCountingProxy, type CountingProxy } from "@/lib/upstream/testing/servers";
import { GET } from "./route";

/** GET /api/names: a picker's names for ids no /analytics grouping names, from the platform's own lists. */

const platform = inject("platformUrl");
const KEY = "demo_business_key";

async function platformList(path: string, pageSize: number): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 1; ; page++) {
    const reply = await fetch(`${platform}${path}?page=${page}&pageSize=${pageSize}`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(reply.status).toBe(200);
    const items = (await reply.json()) as unknown[];
    all.push(...items);
    if (items.length < pageSize) return all;
  }
}

describe("GET /api/names", () => {
  let counter: CountingProxy;
  beforeAll(async () => {
    counter = await startCountingProxy(platform);
    useUpstream(counter.url, KEY);
  });
  afterAll(() => counter.close());

  it("names every folder of the workspace, sorted by name", async () => {
    const response = await GET(dashboardRequest("/api/names?param=folderId"));
    expect(response.status).toBe(200);
    const names = nameOptionsSchema.parse(await response.json());
    const folders = (await platformList("/folders", 50)) as { id: string; name: string }[];
    expect(folders.length).toBeGreaterThan(0);
    expect(new Map(names.map((n) => [n.value, n.label]))).toEqual(new Map(folders.map((f) => [f.id, f.name])));
    expect(names.map((n) => n.label)).toEqual([...names.map((n) => n.label)].sort((a, b) => a.localeCompare(b)));
  });

  it("names each partner tag once, from the partners that carry them", async () => {
    const response = await GET(dashboardRequest("/api/names?param=partnerTagId"));
    expect(response.status).toBe(200);
    const names = nameOptionsSchema.parse(await response.json());
    const partners = (await platformList("/partners", 100)) as { tags: { id: string; name: string }[] }[];
    const expected = new Map(partners.flatMap((p) => p.tags.map((t) => [t.id, t.name] as const)));
    expect(expected.size).toBeGreaterThan(0);
    expect(names).toHaveLength(expected.size);
    expect(new Map(names.map((n) => [n.value, n.label]))).toEqual(expected);
  });

  it("names every partner group of the workspace, from the platform's groups", async () => {
    const response = await GET(dashboardRequest("/api/names?param=groupId"));
    expect(response.status).toBe(200);
    const names = nameOptionsSchema.parse(await response.json());
    const groups = (await platformList("/groups", 100)) as { id: string; name: string }[];
    expect(groups.length).toBeGreaterThan(1);
    expect(new Map(names.map((n) => [n.value, n.label]))).toEqual(new Map(groups.map((g) => [g.id, g.name])));
  });

  it.each(["", "country", "__proto__", "folderId%00"])(
    "refuses param=%s in the error shape, before any upstream call",
    async (param) => {
      const before = counter.seen.length;
      const response = await GET(dashboardRequest(`/api/names?param=${param}`));
      expect(response.status).toBe(422);
      expect(errorBodySchema.parse(await response.json()).error.message).toContain("folderId, groupId, partnerTagId");
      expect(counter.seen.length).toBe(before);
    },
  );

  it("names links by id from the platform's link detail (GET /links/{linkId}), in the order asked, leaving out a link not found", async () => {
    const links = (await (
      await fetch(`${platform}/links?pageSize=3`, { headers: { Authorization: `Bearer ${KEY}` } })
    ).json()) as { id: string; domain: string; key: string }[];
    expect(links).toHaveLength(3);
    const [a, b] = links;
    const before = counter.seen.length;
    const response = await GET(
      dashboardRequest(`/api/names?param=linkId&value=${b.id}&value=link_not_there&value=${a.id}`),
    );
    expect(response.status).toBe(200);
    const names = nameOptionsSchema.parse(await response.json());
    const label = (l: { domain: string; key: string }) => (l.key === "_root" ? l.domain : `${l.domain}/${l.key}`);
    expect(names).toEqual([
      { value: b.id, label: label(b) },
      { value: a.id, label: label(a) },
    ]);
    expect(counter.seen.slice(before).map((seen) => new URL(seen.path, "http://x").pathname)).toEqual([
      `/links/${b.id}`,
      "/links/link_not_there",
      `/links/${a.id}`,
    ]);
  });

  it("refuses a link naming without ids or with more than 20, before any upstream call", async () => {
    const before = counter.seen.length;
    for (const query of [
      "param=linkId",
      `param=linkId&${Array.from({ length: 21 }, (_, i) => `value=link_${i}`).join("&")}`,
    ]) {
      const response = await GET(dashboardRequest(`/api/names?${query}`));
      expect(response.status).toBe(422);
      expect(errorBodySchema.parse(await response.json()).error.message).toContain("1 to 20 link ids");
    }
    expect(counter.seen.length).toBe(before);
  });
});
