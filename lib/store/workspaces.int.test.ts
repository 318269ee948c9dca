import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { WORKSPACE_LOOKUP_TTL_MS, WORKSPACE_REREAD_AFTER_MS, WorkspaceStore } from "./workspaces";

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

  /** Counts the statements a store sends. */
  const counting = (count: () => void): KyselyPlugin => ({
    transformQuery: (args) => {
      count();
      return args.node;
    },
    transformResult: async (args) => args.result,
  });

  it("in its last quarter, answers from the kept row and reads it again behind the scenes, once", async () => {
    let reads = 0;
    const counted = new WorkspaceStore(database.db.withPlugin(counting(() => (reads += 1))), () => now);
    const added = await store.add({ slug: "hooli", name: "Hooli", baseUrl: "https://api.example.com", keySealed: "s" });
    const readAt = now;
    expect((await counted.bySlug("hooli"))?.name).toBe("Hooli");
    expect(reads).toBe(1);
    await replica.update(added.id, { name: "Hooli 2" });
    now = readAt + WORKSPACE_REREAD_AFTER_MS - 1;
    expect((await counted.bySlug("hooli"))?.name).toBe("Hooli");
    expect(reads).toBe(1);
    now = readAt + WORKSPACE_REREAD_AFTER_MS;
    // The kept row at once, twice: the read begun by the first is not begun again by the second.
    expect((await counted.bySlug("hooli"))?.name).toBe("Hooli");
    expect((await counted.bySlug("hooli"))?.name).toBe("Hooli");
    await vi.waitFor(async () => expect((await counted.bySlug("hooli"))?.name).toBe("Hooli 2"));
    expect(reads).toBe(2);
    // Kept from the instant that read began: another replica's change shows within the lookup TTL, as before.
    await replica.update(added.id, { name: "Hooli 3" });
    now = readAt + WORKSPACE_REREAD_AFTER_MS + WORKSPACE_LOOKUP_TTL_MS;
    expect((await counted.bySlug("hooli"))?.name).toBe("Hooli 3");
  });

  it("lookups of a row no longer kept, made at once, share one read", async () => {
    let reads = 0;
    const counted = new WorkspaceStore(database.db.withPlugin(counting(() => (reads += 1))), () => now);
    const added = await store.add({
      slug: "vandelay",
      name: "Vandelay",
      baseUrl: "https://api.example.com",
      keySealed: "s",
    });
    const rows = await Promise.all([counted.bySlug("vandelay"), counted.bySlug("vandelay"), counted.byId(added.id)]);
    expect(rows.map((row) => row?.id)).toEqual([added.id, added.id, added.id]);
    // One read by slug, one by id.
    expect(reads).toBe(2);
  });
});
