import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Role } from "../access/roles";
import { errorBodySchema } from "../contract/errors";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { analyticsRoute, eventsRoute, exportRoute, liveRoute, namesRoute } from "./data";
import { acceptInvitationRoute } from "./invitations";
import {
  changeRoleRoute,
  inviteRoute,
  listMembersRoute,
  removeMemberRoute,
  revokeInvitationRoute,
  revokeSessionsRoute,
} from "./members";
import { createShareRoute, listSharesRoute, revokeShareRoute, shareVisitorsRoute, updateShareRoute } from "./shares";
import { createViewRoute, deleteViewRoute, listViewsRoute, updateViewRoute } from "./views";
import { addWorkspaceRoute, listWorkspacesRoute, updateWorkspaceRoute } from "./workspaces";
import { meRoute } from "./authRoute";

/**
 * Every route × every role, through the route functions Next calls, against the real platform:
 * allowed (2xx), or refused in the spec's error shape (401 without a session, 403 otherwise).
 */

type Who = Role | "anonymous" | "outsider";
const WHO: Who[] = ["owner", "member", "viewer", "outsider", "anonymous"];

interface Case {
  name: string;
  allowed: readonly Who[];
  /** Sends the request as `cookie`; setup runs first as the owner (ids of what the request acts on). */
  run(t: TestApp, cookie: string | undefined, ids: Ids): Promise<Response>;
}

interface Ids {
  ownerCookie: string;
  targetUserId: string;
}

const ws = "acme";
const everyone: Who[] = ["owner", "member", "viewer"];
const members: Who[] = ["owner", "member"];
const owners: Who[] = ["owner"];

async function ownerView(t: TestApp, ids: Ids): Promise<string> {
  const response = await createViewRoute(
    t.app,
    dashboardCall(`/api/w/${ws}/views`, {
      cookie: ids.ownerCookie,
      method: "POST",
      body: { name: "Shared one", query: "?country=US", shared: true },
    }),
    ws,
  );
  return ((await response.json()) as { view: { id: string } }).view.id;
}

async function ownerShare(t: TestApp, ids: Ids): Promise<string> {
  const response = await createShareRoute(
    t.app,
    dashboardCall(`/api/w/${ws}/shares`, {
      cookie: ids.ownerCookie,
      method: "POST",
      body: { name: "Link", query: "?country=US&interval=30d" },
    }),
    ws,
  );
  return ((await response.json()) as { share: { id: string } }).share.id;
}

/** A link the requester makes (its creation's refusal when they may not). */
async function ownShare(
  t: TestApp,
  cookie: string | undefined,
  act: (id: string) => Promise<Response>,
): Promise<Response> {
  const response = await createShareRoute(
    t.app,
    dashboardCall(`/api/w/${ws}/shares`, { cookie, method: "POST", body: { name: "Mine", query: "?country=DE" } }),
    ws,
  );
  if (response.status !== 201) return response;
  return act(((await response.json()) as { share: { id: string } }).share.id);
}

async function ownerInvitation(t: TestApp, ids: Ids): Promise<string> {
  const response = await inviteRoute(
    t.app,
    dashboardCall(`/api/w/${ws}/invitations`, { cookie: ids.ownerCookie, method: "POST", body: { role: "viewer" } }),
    ws,
  );
  return ((await response.json()) as { invitation: { id: string } }).invitation.id;
}

const CASES: Case[] = [
  {
    name: "GET events",
    allowed: everyone,
    run: (t, cookie) =>
      eventsRoute(t.app, dashboardCall(`/api/w/${ws}/events?limit=2`, { cookie }), { kind: "workspace", slug: ws }),
  },
  {
    name: "GET analytics",
    allowed: everyone,
    run: (t, cookie) =>
      analyticsRoute(t.app, dashboardCall(`/api/w/${ws}/analytics?groupBy=count`, { cookie }), {
        kind: "workspace",
        slug: ws,
      }),
  },
  {
    name: "GET names",
    allowed: everyone,
    run: (t, cookie) =>
      namesRoute(t.app, dashboardCall(`/api/w/${ws}/names?param=folderId`, { cookie }), {
        kind: "workspace",
        slug: ws,
      }),
  },
  {
    name: "GET export",
    allowed: members,
    run: (t, cookie) =>
      exportRoute(t.app, dashboardCall(`/api/w/${ws}/export?interval=24h`, { cookie }), {
        kind: "workspace",
        slug: ws,
      }),
  },
  {
    name: "GET live",
    allowed: everyone,
    async run(t, cookie) {
      const abort = new AbortController();
      const request = dashboardCall(`/api/w/${ws}/live`, { cookie });
      const response = await liveRoute(t.app, new Request(request, { signal: abort.signal }), {
        kind: "workspace",
        slug: ws,
      });
      if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response;
      abort.abort();
      await response.body?.cancel().catch(() => {});
      return new Response(null, { status: response.status });
    },
  },
  {
    name: "GET default-workspace events",
    allowed: everyone,
    run: (t, cookie) => eventsRoute(t.app, dashboardCall(`/api/events?limit=1`, { cookie }), { kind: "default" }),
  },
  {
    name: "GET views",
    allowed: everyone,
    run: (t, cookie) => listViewsRoute(t.app, dashboardCall(`/api/w/${ws}/views`, { cookie }), ws),
  },
  {
    name: "POST views",
    allowed: members,
    run: (t, cookie) =>
      createViewRoute(
        t.app,
        dashboardCall(`/api/w/${ws}/views`, { cookie, method: "POST", body: { name: "Mine", query: "?event=sales" } }),
        ws,
      ),
  },
  {
    name: "PATCH views/<id> (make default)",
    allowed: owners,
    run: async (t, cookie, ids) =>
      updateViewRoute(
        t.app,
        dashboardCall("/", { cookie, method: "PATCH", body: { isDefault: true } }),
        ws,
        await ownerView(t, ids),
      ),
  },
  {
    name: "DELETE views/<id> (another's shared view)",
    allowed: owners,
    run: async (t, cookie, ids) =>
      deleteViewRoute(t.app, dashboardCall("/", { cookie, method: "DELETE" }), ws, await ownerView(t, ids)),
  },
  {
    name: "GET shares",
    allowed: members,
    run: (t, cookie) => listSharesRoute(t.app, dashboardCall(`/api/w/${ws}/shares`, { cookie }), ws),
  },
  {
    name: "POST shares",
    allowed: members,
    run: (t, cookie) =>
      createShareRoute(
        t.app,
        dashboardCall(`/api/w/${ws}/shares`, { cookie, method: "POST", body: { name: "L", query: "?country=DE" } }),
        ws,
      ),
  },
  {
    name: "DELETE shares/<id> (another's link)",
    allowed: owners,
    run: async (t, cookie, ids) =>
      revokeShareRoute(t.app, dashboardCall("/", { cookie, method: "DELETE" }), ws, await ownerShare(t, ids)),
  },
  {
    name: "DELETE shares/<id> (one's own)",
    allowed: members,
    run: (t, cookie) =>
      ownShare(t, cookie, (id) => revokeShareRoute(t.app, dashboardCall("/", { cookie, method: "DELETE" }), ws, id)),
  },
  {
    name: "PATCH shares/<id> (one's own)",
    allowed: members,
    run: (t, cookie) =>
      ownShare(t, cookie, (id) =>
        updateShareRoute(t.app, dashboardCall("/", { cookie, method: "PATCH", body: { expiresAt: null } }), ws, id),
      ),
  },
  {
    name: "GET shares/<id>/visitors (another's link)",
    allowed: owners,
    run: async (t, cookie, ids) =>
      shareVisitorsRoute(t.app, dashboardCall("/", { cookie }), ws, await ownerShare(t, ids)),
  },
  {
    name: "GET members",
    allowed: owners,
    run: (t, cookie) => listMembersRoute(t.app, dashboardCall(`/api/w/${ws}/members`, { cookie }), ws),
  },
  {
    name: "POST invitations",
    allowed: owners,
    run: (t, cookie) =>
      inviteRoute(
        t.app,
        dashboardCall(`/api/w/${ws}/invitations`, { cookie, method: "POST", body: { role: "member" } }),
        ws,
      ),
  },
  {
    name: "DELETE invitations/<id>",
    allowed: owners,
    run: async (t, cookie, ids) =>
      revokeInvitationRoute(t.app, dashboardCall("/", { cookie, method: "DELETE" }), ws, await ownerInvitation(t, ids)),
  },
  {
    name: "PATCH members/<id>",
    allowed: owners,
    run: (t, cookie, ids) =>
      changeRoleRoute(
        t.app,
        dashboardCall("/", { cookie, method: "PATCH", body: { role: "viewer" } }),
        ws,
        ids.targetUserId,
      ),
  },
  {
    name: "DELETE members/<id>",
    allowed: owners,
    async run(t, cookie, ids) {
      const response = await removeMemberRoute(
        t.app,
        dashboardCall("/", { cookie, method: "DELETE" }),
        ws,
        ids.targetUserId,
      );
      const acme = await t.app.workspaces.bySlug(ws);
      if (acme) await t.app.members.set(acme.id, ids.targetUserId, "viewer");
      return response;
    },
  },
  {
    name: "DELETE members/<id>/sessions",
    allowed: owners,
    run: (t, cookie, ids) =>
      revokeSessionsRoute(t.app, dashboardCall("/", { cookie, method: "DELETE" }), ws, ids.targetUserId),
  },
  {
    name: "PATCH workspace",
    allowed: owners,
    run: (t, cookie) =>
      updateWorkspaceRoute(
        t.app,
        dashboardCall(`/api/w/${ws}`, { cookie, method: "PATCH", body: { name: "Acme" } }),
        ws,
      ),
  },
  {
    name: "POST workspaces",
    // The outsider owns globex: an owner of any workspace may add one.
    allowed: ["owner", "outsider"],
    run: (t, cookie) =>
      addWorkspaceRoute(
        t.app,
        dashboardCall("/api/workspaces", {
          cookie,
          method: "POST",
          body: {
            name: "Initech",
            slug: `initech-${Math.random().toString(36).slice(2, 8)}`,
            baseUrl: inject("platformUrl"),
            apiKey: "demo_pro_key",
          },
        }),
      ),
  },
  {
    name: "GET workspaces",
    allowed: [...everyone, "outsider"],
    run: (t, cookie) => listWorkspacesRoute(t.app, dashboardCall("/api/workspaces", { cookie })),
  },
  {
    name: "GET me",
    allowed: [...everyone, "outsider"],
    run: (t, cookie) => meRoute(t.app, dashboardCall("/api/me", { cookie })),
  },
];

describe.each(BACKENDS)("every route × role on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  const cookies = new Map<Who, string | undefined>();
  let ids: Ids;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    for (const role of ["owner", "member", "viewer"] as const)
      cookies.set(role, (await t.person(`${role}@example.com`, { [ws]: role })).cookie);
    cookies.set("outsider", (await t.person("outsider@example.com", { globex: "owner" })).cookie);
    cookies.set("anonymous", undefined);
    const target = await t.person("target@example.com", { [ws]: "viewer" });
    ids = { ownerCookie: cookies.get("owner") ?? "", targetUserId: target.userId };
  }, 60_000);
  afterAll(() => database.close());

  const matrix = CASES.flatMap((c) => WHO.map((who) => [c.name, who, c] as const));
  it.each(matrix)("%s as %s", async (_name, who, c) => {
    const response = await c.run(t, cookies.get(who), ids);
    if (c.allowed.includes(who)) {
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return;
    }
    const expected = who === "anonymous" ? 401 : 403;
    expect(response.status).toBe(expected);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe(expected === 401 ? "unauthorized" : "forbidden");
  });

  it("invitations: one use, then 404; an expired one is the spec's 410", async () => {
    const made = await inviteRoute(
      t.app,
      dashboardCall(`/api/w/${ws}/invitations`, { cookie: ids.ownerCookie, method: "POST", body: { role: "member" } }),
      ws,
    );
    const token = new URL(((await made.json()) as { url: string }).url).pathname.split("/").at(-1) ?? "";
    const account = { name: "New", email: "new@example.com", password: "a long enough password" };
    expect(
      (await acceptInvitationRoute(t.app, dashboardCall("/", { method: "POST", body: account }), token)).status,
    ).toBe(201);
    expect(
      (
        await acceptInvitationRoute(
          t.app,
          dashboardCall("/", { method: "POST", body: { ...account, email: "other@example.com" } }),
          token,
        )
      ).status,
    ).toBe(404);
    const later = await inviteRoute(
      t.app,
      dashboardCall(`/api/w/${ws}/invitations`, { cookie: ids.ownerCookie, method: "POST", body: { role: "member" } }),
      ws,
    );
    const laterToken = new URL(((await later.json()) as { url: string }).url).pathname.split("/").at(-1) ?? "";
    t.clock.advance(8 * 24 * 3600_000);
    const expired = await acceptInvitationRoute(
      t.app,
      dashboardCall("/", { method: "POST", body: { ...account, email: "late@example.com" } }),
      laterToken,
    );
    expect(expired.status).toBe(410);
    expect(errorBodySchema.parse(await expired.json()).error.code).toBe("invite_expired");
  });
});
