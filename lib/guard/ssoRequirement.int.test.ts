import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { listViewsRoute } from "../handlers/views";
import { updateWorkspaceRoute } from "../handlers/workspaces";
import { requesterOf } from "./requester";

/**
 * An owner's "require single sign-on": only offered with OIDC configured, never from a password
 * session (the owner would shut themselves out); once on, password sessions are refused the
 * workspace (its API and its pages) while their other workspaces stay open. An SSO session here is
 * one the OIDC callback marked (lib/auth/signInMethod.ts, unit-tested; e2e/team.spec.ts signs in
 * through a real provider): the test marks the session's row as that callback does.
 */

const OIDC = {
  issuer: "http://127.0.0.1:9",
  clientId: "linklens-test",
  clientSecret: "linklens-test-secret",
  name: "Okta",
};

describe.each(BACKENDS.slice(0, 1))("requiring single sign-on on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"), { oidc: OIDC });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const patch = (cookie: string, requireSso: boolean) =>
    updateWorkspaceRoute(
      t.app,
      dashboardCall("/api/w/globex", { cookie, method: "PATCH", body: { requireSso } }),
      "globex",
    );
  const views = async (cookie: string, slug: string) =>
    listViewsRoute(t.app, dashboardCall(`/api/w/${slug}/views`, { cookie }), slug);
  /** What the OIDC callback's session hook writes: this session was opened through single sign-on. */
  const asSso = async (cookie: string) => {
    const requester = await requesterOf(t.app, new Headers({ cookie }));
    if (requester.kind !== "person") throw new Error("not signed in");
    await t.app.database.db
      .updateTable("session")
      .set({ signInMethod: "oidc" })
      .where("id", "=", requester.sessionId)
      .execute();
  };

  it("records how each session was opened", async () => {
    const { cookie } = await t.person("someone@example.com", {});
    const requester = await requesterOf(t.app, new Headers({ cookie }));
    expect(requester.kind === "person" && requester.viaSso).toBe(false);
    const rows = await t.app.database.db.selectFrom("session").select("signInMethod").execute();
    expect(rows.every((r) => r.signInMethod === "password")).toBe(true);
  });

  it("is turned on from an SSO session only, then keeps password sessions out of that workspace alone", async () => {
    const owner = await t.person("owner@example.com", { globex: "owner", acme: "owner" });
    const member = await t.person("member@example.com", { globex: "member", acme: "member" });
    const refused = await patch(owner.cookie, true);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Sign in with Okta first");
    expect((await patch(member.cookie, true)).status).toBe(403);

    await asSso(owner.cookie);
    expect((await patch(owner.cookie, true)).status).toBe(200);
    expect((await t.app.workspaces.bySlug("globex"))?.require_sso).toBe(true);
    const entry = await t.app.database.db
      .selectFrom("audit_log")
      .select(["action", "target"])
      .where("action", "=", "workspace.updated")
      .orderBy("at", "desc")
      .executeTakeFirst();
    expect(entry?.target).toBe("single sign-on required");

    const out = await views(member.cookie, "globex");
    expect(out.status).toBe(403);
    expect(await out.text()).toContain('requires single sign-on: sign out, then sign in with \\"Sign in with Okta\\"');
    expect((await views(member.cookie, "acme")).status).toBe(200);
    expect((await views(owner.cookie, "globex")).status).toBe(200);
    await asSso(member.cookie);
    expect((await views(member.cookie, "globex")).status).toBe(200);

    expect((await patch(owner.cookie, false)).status).toBe(200);
    expect((await t.app.workspaces.bySlug("globex"))?.require_sso).toBe(false);
  });

  it("is not offered without OIDC", async () => {
    const bare = await testApp(database, inject("platformUrl"));
    const owner = await bare.person("owner@example.com", { globex: "owner" });
    const refused = await updateWorkspaceRoute(
      bare.app,
      dashboardCall("/api/w/globex", { cookie: owner.cookie, method: "PATCH", body: { requireSso: true } }),
      "globex",
    );
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("AUTH_OIDC_ISSUER");
  });
});
