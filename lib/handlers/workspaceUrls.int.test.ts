import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { startRecorder, type Recorder } from "../http/testing/recorder";
import { INTERNAL_SPELLINGS } from "../http/testing/spellings";
import { analyticsRoute, eventsRoute } from "./data";
import { addWorkspaceRoute, updateWorkspaceRoute } from "./workspaces";

/**
 * A workspace's platform address is an allowlist decision: no owner points one at an internal
 * address (in any spelling), the stored key never reaches a host it was not given for, and what
 * answers there that is not a platform is not relayed. Against the real platform and a loopback
 * server that records each Authorization header it receives.
 */

describe.each(BACKENDS.slice(0, 1))("workspace URLs on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let owner: string;
  let recorder: Recorder;
  const platform = inject("platformUrl");

  const add = (body: Record<string, unknown>) =>
    addWorkspaceRoute(
      t.app,
      dashboardCall("/api/workspaces", {
        cookie: owner,
        method: "POST",
        body: { name: "Initech", apiKey: "sk_new_host", ...body },
      }),
    );
  const update = (slug: string, body: Record<string, unknown>) =>
    updateWorkspaceRoute(t.app, dashboardCall(`/api/w/${slug}`, { cookie: owner, method: "PATCH", body }), slug);
  const events = (slug: string) =>
    eventsRoute(t.app, dashboardCall(`/api/w/${slug}/events?limit=1&interval=7d`, { cookie: owner }), {
      kind: "workspace",
      slug,
    });
  const analytics = (slug: string) =>
    analyticsRoute(t.app, dashboardCall(`/api/w/${slug}/analytics?groupBy=count&interval=7d`, { cookie: owner }), {
      kind: "workspace",
      slug,
    });

  beforeAll(async () => {
    recorder = await startRecorder();
    database = await open();
    t = await testApp(database, platform, { allowedHosts: `127.0.0.1:${recorder.port}` });
    owner = (await t.person("owner@example.com", { acme: "owner", globex: "owner" })).cookie;
  }, 60_000);
  afterAll(async () => {
    await recorder.close();
    await database.close();
  });
  beforeEach(() => {
    recorder.seen.length = 0;
  });

  it("every spelling of an internal address is refused when a workspace is added or moved, and nothing is stored", async () => {
    let n = 0;
    for (const spelled of INTERNAL_SPELLINGS) {
      const slug = `internal-${n++}`;
      const added = await add({ slug, baseUrl: spelled });
      expect(added.status, spelled).toBe(422);
      expect(errorBodySchema.parse(await added.json()).error.message, spelled).toMatch(
        /^Invalid value for "baseUrl": .* is (a|an|the) .*LINK_API_ALLOWED_HOSTS/,
      );
      expect(await t.app.workspaces.bySlug(slug), spelled).toBeUndefined();
      const moved = await update("globex", { baseUrl: spelled, apiKey: "sk_new_host" });
      expect(moved.status, spelled).toBe(422);
    }
    expect((await t.app.workspaces.bySlug("globex"))?.base_url).toBe(platform);
    // The recorder's own port, spelled otherwise, is not the allowed host.
    expect((await add({ slug: "spelled", baseUrl: `http://2130706433:${recorder.port + 1}` })).status).toBe(422);
    expect(recorder.seen).toEqual([]);
  });

  it("a stored address that resolves to loopback (saved before this check, or rebound since) is refused at connect time, and the key never leaves", async () => {
    const workspace = await t.app.workspaces.add({
      slug: "stored-localhost",
      name: "Stored",
      baseUrl: `http://localhost:${recorder.port}`,
      keySealed: t.app.keys!.seal("sk_stored"),
    });
    await t.app.members.set(workspace.id, await ownerId(), "owner");
    const response = await events("stored-localhost");
    expect(response.status).toBe(502);
    const message = errorBodySchema.parse(await response.json()).error.message;
    expect(message).toMatch(
      /^The link platform is not reachable from this dashboard: localhost \((127\.0\.0\.1|::1)\) is a loopback address/,
    );
    expect(recorder.seen).toEqual([]);
  });

  it("a host LINK_API_ALLOWED_HOSTS allows is added and reached, with the key given for it", async () => {
    recorder.answer(200, '{"clicks":0,"leads":0,"sales":0,"saleAmount":0}');
    const added = await add({ slug: "allowed", baseUrl: recorder.url });
    expect(added.status).toBe(201);
    recorder.answer(200, "[]");
    expect((await events("allowed")).status).toBe(200);
    // The key was checked when it was given (one count), then used.
    expect(recorder.seen.map((s) => `${s.authorization} ${s.path.split("?")[0]}`)).toEqual([
      "Bearer sk_new_host /analytics",
      "Bearer sk_new_host /events",
    ]);
  });

  it("moving a workspace needs its key again; the stored key never reaches the new host", async () => {
    const refused = await update("globex", { baseUrl: recorder.url });
    expect(refused.status).toBe(422);
    expect(errorBodySchema.parse(await refused.json()).error.message).toMatch(
      /^Invalid value for "apiKey": changing the platform's address needs the workspace's API key again/,
    );
    expect((await t.app.workspaces.bySlug("globex"))?.base_url).toBe(platform);
    expect((await events("globex")).status).toBe(200);
    expect(recorder.seen).toEqual([]);

    // The same address with no key is no move; a rename keeps the key where it is.
    expect((await update("globex", { baseUrl: `${platform}/`, name: "Globex Corp" })).status).toBe(200);

    recorder.answer(200, "[]");
    expect((await update("globex", { baseUrl: recorder.url, apiKey: "sk_given_again" })).status).toBe(200);
    expect((await events("globex")).status).toBe(200);
    expect(recorder.seen.map((s) => s.authorization)).toEqual(["Bearer sk_given_again", "Bearer sk_given_again"]);
    expect(recorder.seen.some((s) => s.authorization?.includes("demo_advanced_key"))).toBe(false);
    expect((await update("globex", { baseUrl: platform, apiKey: "demo_advanced_key" })).status).toBe(200);
  });

  it.each([
    ["an HTML page", 200, "<html><body>SENTINEL admin console</body></html>", "text/html"],
    ["a stranger's JSON", 200, '{"SENTINEL":"service secret"}', "application/json"],
    ["an HTML error page", 500, "<html>SENTINEL stack trace</html>", "text/html"],
    ["a stranger's JSON error", 404, '{"detail":"SENTINEL route missing"}', "application/json"],
  ] as const)(
    "a reply that is not a platform's (%s) is answered in the spec's shape with the proxy's own message",
    async (_what, status, body, type) => {
      if (!(await t.app.workspaces.bySlug("not-a-platform")))
        expect((await add({ slug: "not-a-platform", baseUrl: recorder.url })).status).toBe(201);
      recorder.answer(status, body, type);
      for (const response of [await events("not-a-platform"), await analytics("not-a-platform")]) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        const text = await response.text();
        expect(text).not.toContain("SENTINEL");
        expect(errorBodySchema.parse(JSON.parse(text)).error.message).toMatch(
          /did not answer as a link attribution platform|not JSON|expected a JSON array/,
        );
      }
    },
  );

  it("a key the platform refuses is not saved, adding or changing it, and the platform's reason is said", async () => {
    const added = await add({ slug: "wrong-key", baseUrl: platform, apiKey: "not_a_real_key" });
    expect(added.status).toBe(422);
    expect(errorBodySchema.parse(await added.json()).error.message).toBe(
      'Invalid value for "apiKey": the link platform refused it: Invalid API key.',
    );
    expect(await t.app.workspaces.bySlug("wrong-key")).toBeUndefined();

    const changed = await update("globex", { apiKey: "not_a_real_key" });
    expect(changed.status).toBe(422);
    expect(errorBodySchema.parse(await changed.json()).error.message).toMatch(/refused it: Invalid API key\.$/);
    expect((await events("globex")).status).toBe(200);

    // A key on a smaller plan is a valid key: the page says what its plan lacks.
    expect((await add({ slug: "pro-key", baseUrl: platform, apiKey: "demo_pro_key" })).status).toBe(201);
    expect((await add({ slug: "free-key", baseUrl: platform, apiKey: "demo_free_key" })).status).toBe(201);
  });

  async function ownerId(): Promise<string> {
    const context = await t.app.auth!.$context;
    return (await context.internalAdapter.findUserByEmail("owner@example.com"))!.user.id;
  }
});
