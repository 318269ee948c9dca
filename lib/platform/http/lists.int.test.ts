import { Dub } from "dub";
import * as errors from "dub/models/errors";
import type { GetCustomersRequest } from "dub/models/operations";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { customerListSchema } from "../../contract/customers";
import { folderListSchema } from "../../contract/folders";
import { GROUP_SORTS, groupListSchema } from "../../contract/groups";
import { PARTNER_SORTS, partnerListSchema } from "../../contract/partners";
import { tagListSchema } from "../../contract/tags";
import type * as z from "../../contract/zod";
import { WORKSPACES } from "../seed/ref-workspaces";
import { STANDARD_PER_MINUTE } from "./plans";
import { thrown } from "../testing/sdk";

/**
 * The hosted platform's SDK (npm `dub`, which validates every reply) lists the embedded
 * platform's tags, folders, partners and customers: filters, sorts, pages, cursors, workspace
 * scoping, and bad parameters read as its typed errors. The replies are also read with the
 * contract's strict schemas, so no field goes out that the contract does not name.
 */

const ACME = WORKSPACES.find((w) => w.slug === "acme")!;

let url: string;
let acme: Dub;
let globex: Dub;
let hooli: Dub;

const sdkFor = (token: string) => new Dub({ token, serverURL: url, retryConfig: { strategy: "none" } });

beforeAll(() => {
  url = inject("platformUrl");
  acme = sdkFor("demo_business_key");
  globex = sdkFor("demo_advanced_key");
  hooli = sdkFor("demo_free_key");
});

async function rawList<S extends z.ZodMiniType>(
  path: string,
  schema: S,
): Promise<{ body: z.output<S>; headers: Headers }> {
  const res = await fetch(`${url}${path}`, { headers: { Authorization: "Bearer demo_business_key" } });
  expect(res.status, path).toBe(200);
  return { body: schema.parse(await res.json()), headers: res.headers };
}

const isSorted = (values: readonly number[], order: "asc" | "desc") =>
  values.every((v, i) => i === 0 || (order === "asc" ? values[i - 1] <= v : values[i - 1] >= v));
const customers = async (client: Dub, request: GetCustomersRequest) => (await client.customers.list(request)).result;

describe("GET /tags", () => {
  it("lists the workspace's tags by name, searched, by id, in pages, and in creation order", async () => {
    const tags = await acme.tags.list({});
    expect(tags.map((t) => t.name)).toEqual(ACME.tags.map(([name]) => name).sort());
    expect((await acme.tags.list({ search: "NEWS" })).map((t) => t.name)).toEqual(["newsletter"]);
    expect((await acme.tags.list({ ids: [tags[0].id, tags[2].id] })).map((t) => t.id)).toEqual([
      tags[0].id,
      tags[2].id,
    ]);
    expect((await acme.tags.list({ ids: tags[1].id })).map((t) => t.id)).toEqual([tags[1].id]);
    expect(await acme.tags.list({ page: 2, pageSize: 3 })).toEqual(tags.slice(3, 6));
    expect((await acme.tags.list({ sortBy: "name", sortOrder: "desc" })).map((t) => t.id)).toEqual(
      tags.map((t) => t.id).reverse(),
    );
    expect((await acme.tags.list({ sortBy: "createdAt", sortOrder: "asc" })).map((t) => t.name)).toEqual(
      ACME.tags.map(([name]) => name),
    );
    expect(await acme.tags.list({ page: 100 })).toEqual([]);
  });

  it("shows another workspace none of them, and refuses bad pages", async () => {
    const acmeIds = new Set((await acme.tags.list({})).map((t) => t.id));
    const others = await globex.tags.list({});
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((t) => acmeIds.has(t.id))).toEqual([]);
    expect(await globex.tags.list({ ids: [...acmeIds] })).toEqual([]);
    expect(await thrown(() => acme.tags.list({ pageSize: 101 }))).toBeInstanceOf(errors.UnprocessableEntity);
    expect(await thrown(() => acme.tags.list({ page: 0 }))).toBeInstanceOf(errors.UnprocessableEntity);
    expect(await thrown(() => sdkFor("no_such_key").tags.list({}))).toBeInstanceOf(errors.Unauthorized);
  });

  it("answers in the contract's shape, on the standard per-minute budget", async () => {
    const { body, headers } = await rawList("/tags?ids=a,b&ids=c", tagListSchema);
    expect(body).toEqual([]);
    // The test platform scales every limit by 1000 (globalSetup.ts).
    expect(headers.get("x-ratelimit-limit")).toBe(String(STANDARD_PER_MINUTE.business * 1000));
    const res = await fetch(`${url}/tags?sortBy=color`, { headers: { Authorization: "Bearer demo_business_key" } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unprocessable_entity");
    const repeated = await fetch(`${url}/tags?search=a&search=b`, {
      headers: { Authorization: "Bearer demo_business_key" },
    });
    expect(repeated.status).toBe(400);
  });
});

describe("GET /folders", () => {
  it("lists the workspace's folders by name, searched and in pages; not another workspace's", async () => {
    const folders = await acme.folders.list({});
    expect(folders.map((f) => f.name)).toEqual([...ACME.folders].sort());
    expect((await acme.folders.list({ search: "part" })).map((f) => f.name)).toEqual(["Partners"]);
    expect(await acme.folders.list({ page: 2, pageSize: 4 })).toEqual(folders.slice(4));
    const ids = new Set(folders.map((f) => f.id));
    expect((await globex.folders.list({})).filter((f) => ids.has(f.id))).toEqual([]);
    expect(await thrown(() => acme.folders.list({ pageSize: 0 }))).toBeInstanceOf(errors.UnprocessableEntity);
    await rawList("/folders", folderListSchema);
  });
});

describe("GET /partners", () => {
  it("lists the program's partners with their links' totals, by revenue unless told otherwise", async () => {
    const partners = await acme.partners.list({});
    expect(partners).toHaveLength(ACME.partnerCount);
    expect(
      isSorted(
        partners.map((p) => p.totalSaleAmount),
        "desc",
      ),
    ).toBe(true);
    for (const partner of partners) {
      expect(partner.totalSaleAmount).toBe((partner.links ?? []).reduce((sum, link) => sum + link.saleAmount, 0));
      expect(partner.totalClicks).toBe((partner.links ?? []).reduce((sum, link) => sum + link.clicks, 0));
    }
    expect(partners.some((p) => (p.tags ?? []).length > 0)).toBe(true);
    expect(
      isSorted(
        (await acme.partners.list({ sortBy: "totalClicks", sortOrder: "asc" })).map((p) => p.totalClicks),
        "asc",
      ),
    ).toBe(true);
    const byDate = await acme.partners.list({ sortBy: "createdAt", sortOrder: "asc" });
    expect(
      isSorted(
        byDate.map((p) => Date.parse(p.createdAt)),
        "asc",
      ),
    ).toBe(true);
    expect(await acme.partners.list({ page: 2, pageSize: 10 })).toEqual(partners.slice(10, 20));
    await rawList("/partners?pageSize=5", partnerListSchema);
  });

  it("filters by group, country, email, search, status and tenant", async () => {
    const partners = await acme.partners.list({});
    const groups = [...new Set(partners.map((p) => p.groupId))];
    expect(groups.length).toBeGreaterThan(1);
    let seen = 0;
    for (const groupId of groups) {
      const inGroup = await acme.partners.list({ groupId: groupId! });
      expect(inGroup.every((p) => p.groupId === groupId)).toBe(true);
      seen += inGroup.length;
    }
    expect(seen).toBe(partners.length);
    const [first] = partners;
    expect((await acme.partners.list({ country: first.country! })).every((p) => p.country === first.country)).toBe(
      true,
    );
    expect((await acme.partners.list({ email: first.email! })).map((p) => p.id)).toEqual([first.id]);
    const surname = first.name.split(" ")[1].toUpperCase();
    const found = await acme.partners.list({ search: surname });
    expect(found.map((p) => p.id)).toContain(first.id);
    expect(
      found.every((p) => p.name.toUpperCase().includes(surname) || (p.email ?? "").toUpperCase().includes(surname)),
    ).toBe(true);
    expect(await acme.partners.list({ status: "approved" })).toHaveLength(partners.length);
    expect(await acme.partners.list({ status: "banned" })).toEqual([]);
    expect(await acme.partners.list({ tenantId: "team_x", email: first.email! })).toEqual([]);
  });

  it("sorts by every field the SDK names, both ways, keeping every partner", async () => {
    for (const sortBy of PARTNER_SORTS) {
      for (const sortOrder of ["asc", "desc"] as const)
        expect(await acme.partners.list({ sortBy, sortOrder }), `${sortBy} ${sortOrder}`).toHaveLength(
          ACME.partnerCount,
        );
    }
  });

  it("shows another workspace none of acme's, and refuses bad filters", async () => {
    const ids = new Set((await acme.partners.list({})).map((p) => p.id));
    expect((await globex.partners.list({})).filter((p) => ids.has(p.id))).toEqual([]);
    expect(await hooli.partners.list({})).toEqual([]);
    expect(await thrown(() => acme.partners.list({ country: "Germany" }))).toBeInstanceOf(errors.UnprocessableEntity);
    expect(await thrown(() => acme.partners.list({ pageSize: 1000 }))).toBeInstanceOf(errors.UnprocessableEntity);
  });
});

describe("GET /groups", () => {
  const groups = async (query = "", token = "demo_business_key") => {
    const res = await fetch(`${url}/groups${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const listed = async (query = "") => {
    const { status, body } = await groups(query);
    expect(status, query).toBe(200);
    return groupListSchema.parse(body);
  };

  it("lists the program's partner groups with their partners' totals, by revenue unless told otherwise", async () => {
    const all = await listed();
    expect(all.map((g) => g.name).sort()).toEqual([...ACME.partnerGroups].sort());
    expect(
      isSorted(
        all.map((g) => g.totalSaleAmount),
        "desc",
      ),
    ).toBe(true);
    const partners = await acme.partners.list({});
    expect(all.reduce((sum, g) => sum + g.totalPartners, 0)).toBe(partners.length);
    for (const group of all) {
      const members = partners.filter((p) => p.groupId === group.id);
      expect(group.totalPartners).toBe(members.length);
      expect(group.totalSaleAmount).toBe(members.reduce((sum, p) => sum + p.totalSaleAmount, 0));
      expect(group.totalClicks).toBe(members.reduce((sum, p) => sum + p.totalClicks, 0));
    }
  });

  it("searches, picks by id, pages and sorts by every field the hosted platform names", async () => {
    const all = await listed();
    const [first, second] = all;
    expect((await listed(`?search=${encodeURIComponent(first.name.toUpperCase())}`)).map((g) => g.id)).toContain(
      first.id,
    );
    expect((await listed(`?groupIds=${first.id},${second.id}`)).map((g) => g.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(await listed("?page=2&pageSize=1")).toEqual([second]);
    for (const sortBy of GROUP_SORTS) {
      for (const sortOrder of ["asc", "desc"])
        expect(await listed(`?sortBy=${sortBy}&sortOrder=${sortOrder}`), `${sortBy} ${sortOrder}`).toHaveLength(
          all.length,
        );
    }
    expect(
      isSorted(
        (await listed("?sortBy=totalPartners&sortOrder=asc")).map((g) => g.totalPartners),
        "asc",
      ),
    ).toBe(true);
  });

  it("needs the Business plan, shows another workspace none of acme's, and refuses bad parameters", async () => {
    const ids = new Set((await listed()).map((g) => g.id));
    const other = await groups("", "demo_advanced_key");
    expect(other.status).toBe(200);
    expect(groupListSchema.parse(other.body).filter((g) => ids.has(g.id))).toEqual([]);
    const pro = await groups("", "demo_pro_key");
    expect(pro.status).toBe(403);
    expect(pro.body).toMatchObject({ error: { code: "forbidden" } });
    expect((await groups("?sortBy=name")).status).toBe(422);
    expect((await groups("?pageSize=101")).status).toBe(422);
    expect((await groups("", "no_such_key")).status).toBe(401);
  });
});

describe("GET /customers", () => {
  it("lists customers newest first with their sales, and by lifetime revenue", async () => {
    const newest = await customers(acme, { pageSize: 100 });
    expect(newest).toHaveLength(100);
    expect(
      isSorted(
        newest.map((c) => Date.parse(c.createdAt)),
        "desc",
      ),
    ).toBe(true);
    expect(newest.every((c) => c.link === undefined && c.partner === undefined)).toBe(true);
    const top = await customers(acme, { sortBy: "saleAmount", pageSize: 20 });
    expect(
      isSorted(
        top.map((c) => c.saleAmount ?? 0),
        "desc",
      ),
    ).toBe(true);
    expect(top[0].saleAmount).toBeGreaterThan(0);
    const [buyer] = top;
    const sales = await acme.events.list({ event: "sales", interval: "all", customerId: buyer.id, limit: 1000 });
    expect(buyer.sales).toBe(sales.length);
    expect(await customers(acme, { page: 2, pageSize: 10 })).toEqual(
      (await customers(acme, { pageSize: 20 })).slice(10),
    );
    const { body } = await rawList("/customers?includeExpandedFields=true&pageSize=50", customerListSchema);
    expect(body.some((c) => c.partner !== null)).toBe(true);
  });

  it("finds a customer by email before externalId before search, and by link and partner", async () => {
    const [a, b] = await customers(acme, { pageSize: 2, includeExpandedFields: true });
    expect((await customers(acme, { email: a.email!, externalId: b.externalId })).map((c) => c.id)).toEqual([a.id]);
    expect((await customers(acme, { externalId: b.externalId, search: "zzz" })).map((c) => c.id)).toEqual([b.id]);
    const byName = await customers(acme, { search: a.name!.toLowerCase() });
    expect(byName.map((c) => c.id)).toContain(a.id);
    const byLink = await customers(acme, { linkId: a.link!.id, includeExpandedFields: true });
    expect(byLink.map((c) => c.id)).toContain(a.id);
    expect(byLink.every((c) => c.link?.id === a.link!.id)).toBe(true);
    const [withPartner] = await customers(acme, {
      sortBy: "saleAmount",
      pageSize: 100,
      includeExpandedFields: true,
    }).then((list) => list.filter((c) => c.partner));
    const ofPartner = await customers(acme, { partnerId: withPartner.partner!.id, includeExpandedFields: true });
    expect(ofPartner.every((c) => c.partner?.id === withPartner.partner!.id)).toBe(true);
    expect((await customers(acme, { country: "DE" })).every((c) => c.country === "DE")).toBe(true);
  });

  it("shows another workspace none of acme's, and refuses bad parameters", async () => {
    const [a] = await customers(acme, { pageSize: 1 });
    expect(await customers(globex, { email: a.email! })).toEqual([]);
    const ids = new Set((await customers(acme, {})).map((c) => c.id));
    const theirs = await customers(globex, {});
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((c) => ids.has(c.id))).toEqual([]);
    expect(await thrown(() => customers(acme, { pageSize: 0 }))).toBeInstanceOf(errors.UnprocessableEntity);
    expect(await thrown(() => customers(acme, { country: "de" }))).toBeInstanceOf(errors.UnprocessableEntity);
  });
});
