import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { revokeSessionsRoute } from "../handlers/members";
import { workspacesOf } from "../handlers/workspaces";
import { requesterOf } from "./requester";

/** One session lookup for the requests a page sends together; none kept after it answers. */
describe("requesterOf on pglite", () => {
  let database: Database;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    database = await BACKENDS[0].open();
    t = await testApp(database, inject("platformUrl"));
    cookie = (await t.person("owner@example.com", { acme: "owner" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  it("requests with the same cookies in flight together share one session lookup", async () => {
    const auth = t.app.auth;
    if (!auth) throw new Error("sign-in is configured in this test app");
    const lookups = vi.spyOn(auth.api, "getSession");
    try {
      const found = await Promise.all([1, 2, 3, 4].map(() => requesterOf(t.app, new Headers({ cookie }))));
      expect(lookups).toHaveBeenCalledTimes(1);
      for (const requester of found)
        expect(requester).toMatchObject({ kind: "person", person: { email: "owner@example.com" } });
      // Nothing is kept: the next request looks the session up again.
      await requesterOf(t.app, new Headers({ cookie }));
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });

  it("a session revoked after a lookup answered is refused on the next request", async () => {
    const own = (await t.person("member@example.com", { acme: "member" })).cookie;
    const before = await requesterOf(t.app, new Headers({ cookie: own }));
    if (before.kind !== "person") throw new Error("expected a person");
    expect(
      (await revokeSessionsRoute(t.app, dashboardCall("/", { cookie, method: "DELETE" }), "acme", before.person.id))
        .status,
    ).toBe(200);
    expect(await requesterOf(t.app, new Headers({ cookie: own }))).toEqual({ kind: "anonymous" });
  });

  it("workspacesOf lists a person's workspaces with their roles, the local user owns all, nobody none", async () => {
    const viewer = await requesterOf(
      t.app,
      new Headers({ cookie: (await t.person("viewer@example.com", { globex: "viewer" })).cookie }),
    );
    expect(await workspacesOf(t.app, viewer)).toEqual([expect.objectContaining({ slug: "globex", role: "viewer" })]);
    expect((await workspacesOf(t.app, { kind: "local" })).map((w) => [w.slug, w.role])).toEqual([
      ["acme", "owner"],
      ["globex", "owner"],
    ]);
    expect(await workspacesOf(t.app, { kind: "anonymous" })).toEqual([]);
  });
});
