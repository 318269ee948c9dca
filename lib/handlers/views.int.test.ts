import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { createViewRoute, listViewsRoute, updateViewRoute } from "./views";

/**
 * A workspace's default view is a shared one: unsharing it, by the owner or its author, ends its
 * being the default. Views name their author; their author or an owner updates them.
 */

describe.each(BACKENDS.slice(0, 1))("saved views on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let owner: string;
  let member: string;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    owner = (await t.person("owner@example.com", { acme: "owner" })).cookie;
    member = (await t.person("member@example.com", { acme: "member" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  const create = async (cookie: string) => {
    const response = await createViewRoute(
      t.app,
      dashboardCall("/api/w/acme/views", {
        cookie,
        method: "POST",
        body: { name: "Team view", query: "?country=US", shared: true },
      }),
      "acme",
    );
    return ((await response.json()) as { view: { id: string } }).view.id;
  };
  const update = (cookie: string, id: string, body: Record<string, unknown>) =>
    updateViewRoute(t.app, dashboardCall("/", { cookie, method: "PATCH", body }), "acme", id);
  const defaultId = async () => (await t.app.workspaces.bySlug("acme"))?.default_view_id ?? null;

  it.each([
    ["its author, a member", () => member],
    ["the owner", () => owner],
  ])("unshared by %s, a default view is the default no more", async (_who, cookie) => {
    const id = await create(member);
    expect((await update(owner, id, { isDefault: true })).status).toBe(200);
    expect(await defaultId()).toBe(id);
    expect((await update(cookie(), id, { shared: false })).status).toBe(200);
    expect(await defaultId()).toBeNull();
    const listed = (await (
      await listViewsRoute(t.app, dashboardCall("/api/w/acme/views", { cookie: owner }), "acme")
    ).json()) as { views: { id: string; isDefault: boolean }[] };
    expect(listed.views.some((v) => v.isDefault)).toBe(false);
  });

  it("unsharing another view leaves the default where it is", async () => {
    const kept = await create(owner);
    const other = await create(owner);
    expect((await update(owner, kept, { isDefault: true })).status).toBe(200);
    expect((await update(owner, other, { shared: false })).status).toBe(200);
    expect(await defaultId()).toBe(kept);
  });

  it("a view shows who saved it, and is updated with the current filters by its author or an owner, not by another member", async () => {
    const id = await create(owner);
    expect((await update(member, id, { query: "?country=DE" })).status).toBe(403);
    expect((await update(owner, id, { query: "?country=DE&interval=30d" })).status).toBe(200);
    const listed = (await (
      await listViewsRoute(t.app, dashboardCall("/api/w/acme/views", { cookie: member }), "acme")
    ).json()) as { views: { id: string; query: string; authorName: string | null; mine: boolean }[] };
    expect(listed.views.find((v) => v.id === id)).toMatchObject({
      query: "?country=DE&interval=30d",
      authorName: "owner",
      mine: false,
    });
  });
});
