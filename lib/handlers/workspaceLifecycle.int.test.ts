import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { listMembersRoute, inviteRoute } from "./members";
import { createShareRoute, shareVisitRoute } from "./shares";
import { createViewRoute } from "./views";
import {
  deleteWorkspaceRoute,
  leaveWorkspaceRoute,
  SOLE_OWNER_CANNOT_LEAVE,
  transferOwnershipRoute,
} from "./workspaceLifecycle";

/**
 * A team's account basics: people leave a workspace (never its only owner), an owner hands the
 * workspace to another member, and an owner deletes a workspace with everything in it.
 */

describe.each(BACKENDS)("leaving, handing over and deleting a workspace on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let n = 0;
  const email = (who: string) => `${who}-${n++}@example.com`;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  /** A workspace of its own for each test: "<slug>" with `roles` (the first person named owns it). */
  async function workspace(slug: string, name: string) {
    const keys = t.app.keys;
    if (!keys) throw new Error("sign-in is configured in this test app");
    return t.app.workspaces.add({
      slug,
      name,
      baseUrl: inject("platformUrl"),
      keySealed: keys.seal("demo_advanced_key"),
    });
  }
  const leave = (slug: string, cookie: string) =>
    leaveWorkspaceRoute(t.app, dashboardCall(`/api/w/${slug}/membership`, { cookie, method: "DELETE" }), slug);
  const transfer = (slug: string, cookie: string, userId: string) =>
    transferOwnershipRoute(
      t.app,
      dashboardCall(`/api/w/${slug}/ownership`, { cookie, method: "POST", body: { userId } }),
      slug,
    );
  const remove = (slug: string, cookie: string, confirm: unknown) =>
    deleteWorkspaceRoute(t.app, dashboardCall(`/api/w/${slug}`, { cookie, method: "DELETE", body: { confirm } }), slug);

  it("lets a member or viewer leave, and tells the only owner what to do instead", async () => {
    const w = await workspace("leavers", "Leavers");
    const owner = await t.person(email("owner"), { leavers: "owner" });
    const viewer = await t.person(email("viewer"), { leavers: "viewer", acme: "member" });
    expect((await leave("leavers", viewer.cookie)).status).toBe(204);
    expect(await t.app.members.roleOf(w.id, viewer.userId)).toBeNull();
    // Their other workspaces stay, and this one is closed to them now.
    expect(await t.app.members.roleOf((await t.app.workspaces.bySlug("acme"))?.id ?? "", viewer.userId)).toBe("member");
    expect((await leave("leavers", viewer.cookie)).status).toBe(403);

    const refused = await leave("leavers", owner.cookie);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(SOLE_OWNER_CANNOT_LEAVE);
    expect(await t.app.members.roleOf(w.id, owner.userId)).toBe("owner");

    // With a second owner, an owner may go.
    const second = await t.person(email("second"), { leavers: "owner" });
    expect((await leave("leavers", owner.cookie)).status).toBe(204);
    expect(await t.app.members.owners(w.id)).toBe(1);
    expect((await leave("leavers", second.cookie)).status).toBe(422);
  });

  it("hands the workspace to another member: they own it, the old owner becomes a member", async () => {
    const w = await workspace("handover", "Handover");
    const owner = await t.person(email("owner"), { handover: "owner" });
    const member = await t.person(email("member"), { handover: "member" });
    const outsider = await t.person(email("outsider"), { acme: "viewer" });

    expect((await transfer("handover", member.cookie, member.userId)).status).toBe(403);
    expect((await transfer("handover", owner.cookie, outsider.userId)).status).toBe(404);
    expect((await transfer("handover", owner.cookie, owner.userId)).status).toBe(422);
    expect(
      (
        await transferOwnershipRoute(
          t.app,
          dashboardCall("/", { cookie: owner.cookie, method: "POST", body: {} }),
          "handover",
        )
      ).status,
    ).toBe(422);

    expect((await transfer("handover", owner.cookie, member.userId)).status).toBe(200);
    expect(await t.app.members.roleOf(w.id, member.userId)).toBe("owner");
    expect(await t.app.members.roleOf(w.id, owner.userId)).toBe("member");
    expect(await t.app.members.owners(w.id)).toBe(1);
    // The old owner manages nothing any more; the new one does, and may now leave only after handing it on.
    expect((await listMembersRoute(t.app, dashboardCall("/", { cookie: owner.cookie }), "handover")).status).toBe(403);
    expect((await listMembersRoute(t.app, dashboardCall("/", { cookie: member.cookie }), "handover")).status).toBe(200);
    expect((await leave("handover", member.cookie)).status).toBe(422);
    expect((await leave("handover", owner.cookie)).status).toBe(204);
  });

  it("deletes a workspace with its views, share links, invitations and reports when its owner types its name", async () => {
    const w = await workspace("doomed", "Doomed Co");
    const owner = await t.person(email("owner"), { doomed: "owner" });
    const member = await t.person(email("member"), { doomed: "member" });
    await createViewRoute(
      t.app,
      dashboardCall("/", { cookie: owner.cookie, method: "POST", body: { name: "V", query: "?country=US" } }),
      "doomed",
    );
    const shared = (await (
      await createShareRoute(
        t.app,
        dashboardCall("/", { cookie: member.cookie, method: "POST", body: { name: "S", query: "?interval=7d" } }),
        "doomed",
      )
    ).json()) as { url: string };
    const token = new URL(shared.url).pathname.split("/").at(-1) ?? "";
    expect(
      (
        await inviteRoute(
          t.app,
          dashboardCall("/", { cookie: owner.cookie, method: "POST", body: { role: "viewer" } }),
          "doomed",
        )
      ).status,
    ).toBe(201);
    expect((await shareVisitRoute(t.app, dashboardCall("/", { method: "POST" }), token)).status).toBe(200);

    expect((await remove("doomed", member.cookie, "Doomed Co")).status).toBe(403);
    const wrong = await remove("doomed", owner.cookie, "doomed");
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('type the workspace\'s name, \\"Doomed Co\\"');
    expect((await remove("acme", owner.cookie, "Acme")).status).toBe(403);
    expect(await t.app.workspaces.bySlug("doomed")).toBeDefined();

    expect((await remove("doomed", owner.cookie, " Doomed Co ")).status).toBe(204);
    expect(await t.app.workspaces.bySlug("doomed")).toBeUndefined();
    const { db } = t.app.database;
    for (const table of ["memberships", "saved_views", "share_links", "invitations", "report_schedules"] as const) {
      expect(
        await db.selectFrom(table).select("workspace_id").where("workspace_id", "=", w.id).execute(),
        table,
      ).toEqual([]);
    }
    // Its share link says what happened; its activity entries stay; its slug is free.
    const gone = await shareVisitRoute(t.app, dashboardCall("/", { method: "POST" }), token);
    expect(gone.status).toBe(403);
    expect(await gone.text()).toContain("its workspace was deleted");
    const entries = await db.selectFrom("audit_log").select("action").where("workspace_id", "=", w.id).execute();
    expect(entries.map((e) => e.action)).toContain("workspace.deleted");
    expect((await workspace("doomed", "Doomed again")).slug).toBe("doomed");
  });

  it("keeps the environment's workspace: it is removed by unsetting the environment", async () => {
    const owner = await t.person(email("owner"), { acme: "owner" });
    const refused = await remove("acme", owner.cookie, "Acme");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("LINK_API_BASE_URL");
  });
});
