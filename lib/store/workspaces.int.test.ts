import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { WORKSPACE_LOOKUP_TTL_MS, WorkspaceStore } from "./workspaces";

/**
 * Every proxied request looks its workspace up: the store keeps what it read for a moment, drops it
 * on its own changes at once, and shows another process's changes (a replica's) within the moment.
 */
describe("WorkspaceStore lookups", () => {
  const [pglite] = BACKENDS;
  let database: Database;
  let now = 1_000_000;
  let store: WorkspaceStore;
  /** What another replica does: the same database, through a store of its own. */
  let replica: WorkspaceStore;

  beforeAll(async () => {
    database = await pglite.open();
    store = new WorkspaceStore(database.db, () => now);
    replica = new WorkspaceStore(database.db, () => now);
  }, 60_000);
  afterAll(() => database.close());

  it("sees its own changes at once: an added workspace (looked up as missing before), a new address, a new default view", async () => {
    expect(await store.bySlug("acme")).toBeUndefined();
    const added = await store.add({
      slug: "acme",
      name: "Acme",
      baseUrl: "https://api.example.com",
      keySealed: "sealed-1",
    });
    expect(await store.bySlug("acme")).toMatchObject({ id: added.id, base_url: "https://api.example.com" });
    expect(await store.byId(added.id)).toMatchObject({ slug: "acme" });
    await store.update(added.id, { baseUrl: "https://api2.example.com", keySealed: "sealed-2" });
    expect(await store.bySlug("acme")).toMatchObject({ base_url: "https://api2.example.com", key_sealed: "sealed-2" });
    expect(await store.byId(added.id)).toMatchObject({ base_url: "https://api2.example.com" });
    await store.setDefaultView(added.id, null);
    expect(await store.bySlug("acme")).toMatchObject({ default_view_id: null });
  });

  it("shows another replica's change once its kept row is older than the lookup TTL", async () => {
    const added = await store.add({
      slug: "globex",
      name: "Globex",
      baseUrl: "https://api.example.com",
      keySealed: "sealed-1",
    });
    expect(await store.bySlug("globex")).toMatchObject({ key_sealed: "sealed-1" });
    await replica.update(added.id, { keySealed: "sealed-by-replica" });
    now += WORKSPACE_LOOKUP_TTL_MS - 1;
    expect((await store.bySlug("globex"))?.key_sealed).toBe("sealed-1");
    now += 1;
    expect((await store.bySlug("globex"))?.key_sealed).toBe("sealed-by-replica");
  });

  it("does not keep a row read while its own change was under way", async () => {
    const added = await store.add({
      slug: "initech",
      name: "Initech",
      baseUrl: "https://api.example.com",
      keySealed: "sealed-1",
    });
    const racing = store.bySlug("initech");
    const changing = store.update(added.id, { name: "Initech 2" });
    await Promise.all([racing, changing]);
    expect((await store.bySlug("initech"))?.name).toBe("Initech 2");
  });
});
