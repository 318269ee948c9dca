import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema, type ErrorCode } from "../contract/errors";
import * as z from "../contract/zod";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { json, refusal } from "../guard/refusal";
import { readBody } from "./body";
import { accessFor, type KnownToPage } from "../guard/accessFor";
import { requesterOf } from "../guard/requester";
import { answered, guarded } from "./guarded";

/** The one route guard: every refusal answered with its status and the spec's error shape; what was granted reaches the handler. */

async function refused(reply: Response, status: number, code: ErrorCode, message: RegExp): Promise<void> {
  expect(reply.status).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/json");
  const body = errorBodySchema.parse(await reply.json());
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(message);
}

describe.each(BACKENDS)("guarded on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let outsider: string;
  let calls = 0;

  const invite = guarded("manageMembers", async (granted, _app, request, suffix: string) => {
    calls += 1;
    const body = await readBody(request, z.object({ name: z.string() }));
    return json({
      workspace: granted.target.workspace.slug,
      role: granted.access.kind === "member" ? granted.access.role : null,
      name: `${body.name}${suffix}`,
    });
  });

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    owner = (await t.person("owner@example.com", { acme: "owner" })).cookie;
    viewer = (await t.person("viewer@example.com", { acme: "viewer" })).cookie;
    outsider = (await t.person("outsider@example.com", { globex: "owner" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  const post = (cookie: string | undefined, body: unknown = { name: "Ada" }) =>
    dashboardCall("/api/w/acme/x", { method: "POST", cookie, body });

  it("hands the handler what was granted, with its further arguments", async () => {
    const reply = await invite(t.app, post(owner), "acme", "!");
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ workspace: "acme", role: "owner", name: "Ada!" });
  });

  it("with a decision already made (one per page render), runs the handler on it, and answers its refusal as the route would", async () => {
    const granted = accessFor(t.app, post(owner), { kind: "workspace", slug: "acme" }, invite.action);
    const replies = await Promise.all([
      invite.withAccess(granted, t.app, post(owner), "!"),
      invite.withAccess(granted, t.app, post(owner, { name: "Bo" }), "?"),
    ]);
    expect(await Promise.all(replies.map((r) => r.json()))).toEqual([
      { workspace: "acme", role: "owner", name: "Ada!" },
      { workspace: "acme", role: "owner", name: "Bo?" },
    ]);
    const before = calls;
    const refusedDecision = accessFor(t.app, post(viewer), { kind: "workspace", slug: "acme" }, invite.action);
    await refused(await invite.withAccess(refusedDecision, t.app, post(viewer), ""), 403, "forbidden", /viewer/);
    expect(calls).toBe(before);
  });

  it("with what the page's render looked up (requester, workspace, role), decides on those and looks none of them up again", async () => {
    const asked: string[] = [];
    const known = (role: "owner" | "viewer"): KnownToPage => ({
      requester: requesterOf(t.app, post(owner).headers),
      workspace: (slug) => (asked.push(`workspace ${slug}`), t.app.workspaces.bySlug(slug)),
      role: async (workspaceId) => (asked.push(`role ${workspaceId}`), role),
    });
    const granted = await accessFor(
      t.app,
      post(owner),
      { kind: "workspace", slug: "acme" },
      invite.action,
      known("owner"),
    );
    expect(granted.access).toMatchObject({ kind: "member", role: "owner" });
    expect(asked).toEqual(["workspace acme", `role ${granted.target.workspace.id}`]);
    // The role the page read is the one decided on: the check does not ask the store again.
    const refusedDecision = accessFor(
      t.app,
      post(owner),
      { kind: "workspace", slug: "acme" },
      invite.action,
      known("viewer"),
    );
    await refused(await invite.withAccess(refusedDecision, t.app, post(owner), ""), 403, "forbidden", /viewer/);
  });

  it("refuses without a session: 401 unauthorized, the handler not run", async () => {
    const before = calls;
    await refused(await invite(t.app, post(undefined), "acme", ""), 401, "unauthorized", /Sign in/);
    expect(calls).toBe(before);
  });

  it("refuses an unknown workspace: 404 not_found", async () => {
    await refused(await invite(t.app, post(owner), "nowhere", ""), 404, "not_found", /no workspace "nowhere"/);
  });

  it("refuses a non-member: 403 forbidden, naming the workspace", async () => {
    await refused(
      await invite(t.app, post(outsider), "acme", ""),
      403,
      "forbidden",
      /not a member of the workspace "acme"/,
    );
  });

  it("refuses a role the action is not allowed: 403 forbidden, naming role and action", async () => {
    const before = calls;
    await refused(
      await invite(t.app, post(viewer), "acme", ""),
      403,
      "forbidden",
      /Your role \(viewer\) may not manage members/,
    );
    expect(calls).toBe(before);
  });

  it("refuses an unknown share link: 404 not_found", async () => {
    await refused(
      await invite(t.app, post(owner), { kind: "share", token: "no-such-token" }, ""),
      404,
      "not_found",
      /shared link does not exist/,
    );
  });

  it("answers a refusal the handler throws (a body that is not JSON: 400; invalid fields: 422)", async () => {
    const notJson = new Request(post(owner), { body: "{not json" });
    await refused(await invite(t.app, notJson, "acme", ""), 400, "bad_request", /not JSON/);
    await refused(
      await invite(t.app, post(owner, { name: 7 }), "acme", ""),
      422,
      "unprocessable_entity",
      /Invalid value for "name"/,
    );
  });

  it("answers anything else a handler throws as the spec's 500, without its message or stack", async () => {
    const broken = guarded("read", async () => {
      throw new Error("secret detail at /srv/x.ts:1");
    });
    const reply = await broken(t.app, post(owner), "acme");
    expect(reply.status).toBe(500);
    const text = await reply.text();
    expect(errorBodySchema.parse(JSON.parse(text)).error.code).toBe("internal_server_error");
    expect(text).not.toContain("secret detail");
  });

  it("answered: a thrown refusal keeps its code and status", async () => {
    await refused(
      await answered(async () => Promise.reject(refusal("conflict", "Taken already."))),
      409,
      "conflict",
      /Taken already/,
    );
  });
});
