import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { analyticsRoute } from "../handlers/data";

/**
 * Workspaces added by an owner are served on the process's one response cache and rate budgets
 * (on Redis when replicas share them): the platform counts per key, so a second workspace on the
 * environment's key must not get a budget of its own.
 */
describe("the workspace registry", () => {
  const [pglite] = BACKENDS;
  let database: Database;
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    database = await pglite.open();
    t = await testApp(database, inject("platformUrl"), { cacheTtlMs: 60_000 });
    await t.app.workspaces.add({
      slug: "acme-again",
      name: "Acme again",
      baseUrl: inject("platformUrl"),
      keySealed: t.app.keys!.seal("demo_business_key"),
    });
    owner = (await t.person("owner@example.com", { acme: "owner", "acme-again": "owner", globex: "owner" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  it("an added workspace on the environment's key shares its cache: the same question is asked of the platform once", async () => {
    const path = "/?groupBy=countries&interval=7d&timezone=UTC";
    const first = await analyticsRoute(t.app, dashboardCall(path, { cookie: owner }), {
      kind: "workspace",
      slug: "acme-again",
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-linklens-cache")).toBe("miss");
    const second = await analyticsRoute(t.app, dashboardCall(path, { cookie: owner }), {
      kind: "workspace",
      slug: "acme",
    });
    expect(second.status).toBe(200);
    expect(second.headers.get("x-linklens-cache")).toBe("hit");
    expect(await second.text()).toBe(await first.text());
  });

  it("a workspace on another key asks the platform itself", async () => {
    const path = "/?groupBy=devices&interval=7d&timezone=UTC";
    const acme = await analyticsRoute(t.app, dashboardCall(path, { cookie: owner }), {
      kind: "workspace",
      slug: "acme",
    });
    expect(acme.headers.get("x-linklens-cache")).toBe("miss");
    const globex = await analyticsRoute(t.app, dashboardCall(path, { cookie: owner }), {
      kind: "workspace",
      slug: "globex",
    });
    expect(globex.status).toBe(200);
    expect(globex.headers.get("x-linklens-cache")).toBe("miss");
    expect(await globex.text()).not.toBe(await acme.text());
  });
});
