import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  dashboardCall,
  fromAddress,
  ORIGIN,
  PASSWORD,
  SECRET,
  testApp,
  type TestApp,
} from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { activityRoute } from "../handlers/activity";
import { authRoute } from "../handlers/authRoute";
import { acceptInvitationRoute } from "../handlers/invitations";
import {
  changeRoleRoute,
  inviteRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  revokeSessionsRoute,
} from "../handlers/members";
import { createMailer } from "../mail/mailer";
import { startSmtpSink, type SmtpSink } from "../mail/testing/smtpSink";
import { setupRoute } from "../handlers/setup";
import {
  createReportRoute,
  deleteReportRoute,
  sendNowRoute,
  subscriptionRoute,
  updateReportRoute,
} from "../handlers/reports";
import { createShareRoute, revokeShareRoute, unlockShareRoute, updateShareRoute } from "../handlers/shares";
import { outboundAgent } from "../http/outboundAgent";
import { buildReports, type Reports } from "../reports/reports";
import { createViewRoute, deleteViewRoute, updateViewRoute } from "../handlers/views";
import { createAnnotationRoute, deleteAnnotationRoute, updateAnnotationRoute } from "../handlers/annotations";
import { addWorkspaceRoute, updateWorkspaceRoute } from "../handlers/workspaces";
import { deleteWorkspaceRoute, leaveWorkspaceRoute, transferOwnershipRoute } from "../handlers/workspaceLifecycle";
import { totpCode } from "../auth/testing/totp";
import type { AuditAction } from "../db/auditActions";

/**
 * Every state-changing route (each POST, PUT, PATCH and DELETE an app/api route file serves)
 * writes exactly one activity-log entry when it succeeds: who, what, which workspace, from which
 * client address. A new route without a case here fails the first test.
 */

const APP_API = join(process.cwd(), "app", "api");
const WRITE = /^export const (POST|PUT|PATCH|DELETE) = route\b/gm;

/** "POST /api/w/[slug]/views" for each state-changing method a route file serves. */
function stateChangingRoutes(): string[] {
  const files = readdirSync(APP_API, { recursive: true, encoding: "utf8" }).filter(
    (f) => f.endsWith(`${sep}route.ts`) || f === "route.ts",
  );
  return files.flatMap((file) => {
    const path = `/api/${relative(APP_API, join(APP_API, file)).split(sep).slice(0, -1).join("/")}`.replace(/\/$/, "");
    return [...readFileSync(join(APP_API, file), "utf8").matchAll(WRITE)].map((m) => `${m[1]} ${path}`);
  });
}

/** "POST /api/auth/[...all] (password reset)" → its route. */
const routeOf = (key: string) => key.replace(/ \(.*\)$/, "");

/** Routes that change no state of the dashboard's, with the reason. */
const NOT_AUDITED: Record<string, string> = {
  "POST /api/webhooks": "the platform's signed event deliveries, passed to live viewers; nothing is stored",
  "POST /api/s/[token]/visit":
    "a share link's open counter (a visitor's hashed id), not a change anyone made to the workspace",
  "POST /api/unsubscribe/[token]":
    "a mail recipient's own unsubscription by a signed link, without an account; the report lists who unsubscribed",
  "PATCH /api/me/preferences":
    "a person's own display preference (light or dark), not a change to a workspace, its data or anyone's access",
};

interface Ctx {
  t: TestApp;
  reports: Reports;
  owner: { userId: string; cookie: string };
  ownerEmail: string;
  setupToken: string;
}

interface AuditCase {
  name: string;
  action: AuditAction;
  /** Whose entry: the owner's (default), a new account's email, or nobody named. */
  actor?: string | null;
  /** The workspace it is about; null for an account's own event. */
  workspace: "acme" | "globex" | null | "new";
  run(c: Ctx, from: string): Promise<Response>;
}

const ws = "acme";
let counter = 0;
let sink: SmtpSink;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

async function view(c: Ctx): Promise<string> {
  const r = await createViewRoute(
    c.t.app,
    dashboardCall(`/api/w/${ws}/views`, {
      cookie: c.owner.cookie,
      method: "POST",
      body: { name: "Fixture", query: "?country=US", shared: true },
    }),
    ws,
  );
  return ((await r.json()) as { view: { id: string } }).view.id;
}
async function annotation(c: Ctx): Promise<string> {
  const r = await createAnnotationRoute(
    c.t.app,
    dashboardCall(`/api/w/${ws}/annotations`, {
      cookie: c.owner.cookie,
      method: "POST",
      body: { day: "2026-03-14", note: "Fixture" },
    }),
    { kind: "workspace", slug: ws },
  );
  return ((await r.json()) as { annotation: { id: string } }).annotation.id;
}
async function share(c: Ctx, password?: string): Promise<{ id: string; token: string }> {
  const r = await createShareRoute(
    c.t.app,
    dashboardCall(`/api/w/${ws}/shares`, {
      cookie: c.owner.cookie,
      method: "POST",
      body: { name: "Fixture", query: "?interval=30d", password },
    }),
    ws,
  );
  const body = (await r.json()) as { share: { id: string }; url: string };
  return { id: body.share.id, token: body.url.split("/").at(-1) ?? "" };
}
async function report(c: Ctx): Promise<string> {
  const body = {
    kind: "report",
    name: "Weekly",
    viewQuery: "?interval=7d",
    cadence: { frequency: "weekly", weekday: 1, hour: 9, timezone: "Europe/Berlin" },
    recipients: [{ kind: "member", userId: c.owner.userId }],
  };
  const r = await createReportRoute(
    c.t.app,
    c.reports,
    dashboardCall(`/api/w/${ws}/reports`, { cookie: c.owner.cookie, method: "POST", body }),
    ws,
  );
  return ((await r.json()) as { schedule: { id: string } }).schedule.id;
}
async function invitation(c: Ctx): Promise<{ id: string; token: string }> {
  const r = await inviteRoute(
    c.t.app,
    dashboardCall(`/api/w/${ws}/invitations`, { cookie: c.owner.cookie, method: "POST", body: { role: "viewer" } }),
    ws,
  );
  const body = (await r.json()) as { invitation: { id: string }; url: string };
  return { id: body.invitation.id, token: body.url.split("/").at(-1) ?? "" };
}
async function member(c: Ctx): Promise<string> {
  return (await c.t.person(`m-${unique()}@example.com`, { [ws]: "viewer" })).userId;
}
/** A workspace of its own that the owner owns (to hand over or delete without touching the others). */
async function ownWorkspace(c: Ctx): Promise<{ slug: string; name: string }> {
  const keys = c.t.app.keys;
  if (!keys) throw new Error("sign-in is configured here");
  const made = await c.t.app.workspaces.add({
    slug: `own-${unique()}`,
    name: `Own ${unique()}`,
    baseUrl: inject("platformUrl"),
    keySealed: keys.seal("demo_advanced_key"),
  });
  await c.t.app.members.set(made.id, c.owner.userId, "owner");
  return { slug: made.slug, name: made.name };
}
function authCall(path: string, from: string, body: unknown, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN, ...fromAddress(from) });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

const TWO_FACTOR_EMAIL = "twofa@example.com";
/** The session the enrolment case leaves (enrolment renews it), for the case that turns two-factor off. */
let twoFactorCookie = "";

const CASES: Record<string, AuditCase[]> = {
  "POST /api/setup": [
    {
      name: "first owner",
      action: "account.created",
      actor: "first@example.com",
      workspace: null,
      run: (c, from) =>
        setupRoute(
          c.t.app,
          dashboardCall("/api/setup", {
            method: "POST",
            from,
            body: { token: c.setupToken, name: "First", email: "first@example.com", password: PASSWORD },
          }),
        ),
    },
  ],
  "GET /api/auth/[...all]": [],
  "POST /api/auth/[...all]": [
    {
      name: "sign-in",
      action: "signed_in",
      workspace: null,
      run: (c, from) =>
        authRoute(c.t.app, authCall("/sign-in/email", from, { email: c.ownerEmail, password: PASSWORD })),
    },
    {
      name: "sign-out",
      action: "signed_out",
      workspace: null,
      async run(c, from) {
        const fresh = await c.t.signIn(c.ownerEmail);
        const cookie = (fresh.headers.get("set-cookie") ?? "").split(";")[0];
        const before = await c.t.app.database.db.selectFrom("audit_log").select("id").execute();
        // The sign-in above wrote its own entry: take it out of this case's count.
        await c.t.app.database.db
          .deleteFrom("audit_log")
          .where("action", "=", "signed_in")
          .where("id", "not in", before.length ? before.map((b) => b.id) : [""])
          .execute();
        return authRoute(c.t.app, authCall("/sign-out", from, {}, cookie));
      },
    },
  ],
  "POST /api/auth/[...all] (password reset)": [
    {
      name: "ask for a link",
      action: "password_reset.requested",
      workspace: null,
      run: (c, from) => authRoute(c.t.app, authCall("/request-password-reset", from, { email: c.ownerEmail })),
    },
    {
      name: "set the new password",
      action: "password_reset.completed",
      workspace: null,
      async run(c, from) {
        const before = sink.messages.length;
        await authRoute(c.t.app, authCall("/request-password-reset", "192.0.2.250", { email: c.ownerEmail }));
        const mail = await sink.waitFor((m) => sink.messages.indexOf(m) >= before);
        const token = /token=([\w-]+)/.exec(mail.text ?? "")?.[1] ?? "";
        const reset = await authRoute(c.t.app, authCall("/reset-password", from, { token, newPassword: PASSWORD }));
        // The reset ended the owner's sessions: sign in again for the cases after this one.
        c.owner = await c.t.person(c.ownerEmail, {});
        return reset;
      },
    },
  ],
  "POST /api/auth/[...all] (two-factor)": [
    {
      name: "turned on (the enrolment's code)",
      action: "two_factor.enabled",
      actor: TWO_FACTOR_EMAIL,
      workspace: null,
      async run(c, from) {
        const { cookie } = await c.t.person(TWO_FACTOR_EMAIL, {});
        const enabled = await authRoute(
          c.t.app,
          authCall("/two-factor/enable", "192.0.2.251", { password: PASSWORD }, cookie),
        );
        const { totpURI } = (await enabled.json()) as { totpURI: string };
        const verified = await authRoute(
          c.t.app,
          authCall("/two-factor/verify-totp", from, { code: totpCode(totpURI, Date.now()) }, cookie),
        );
        twoFactorCookie = (verified.headers.get("set-cookie") ?? "").split(";")[0];
        return verified;
      },
    },
    {
      name: "turned off",
      action: "two_factor.disabled",
      actor: TWO_FACTOR_EMAIL,
      workspace: null,
      run: (c, from) =>
        authRoute(c.t.app, authCall("/two-factor/disable", from, { password: PASSWORD }, twoFactorCookie)),
    },
  ],
  "POST /api/workspaces": [
    {
      name: "add",
      action: "workspace.added",
      workspace: "new",
      run: (c, from) =>
        addWorkspaceRoute(
          c.t.app,
          dashboardCall("/api/workspaces", {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: {
              name: "Initech",
              slug: `initech-${unique()}`,
              baseUrl: inject("platformUrl"),
              apiKey: "demo_pro_key",
            },
          }),
        ),
    },
  ],
  "PATCH /api/w/[slug]": [
    {
      name: "rename",
      action: "workspace.updated",
      workspace: "globex",
      run: (c, from) =>
        updateWorkspaceRoute(
          c.t.app,
          dashboardCall("/api/w/globex", {
            cookie: c.owner.cookie,
            from,
            method: "PATCH",
            body: { name: "Globex Corp" },
          }),
          "globex",
        ),
    },
  ],
  "POST /api/w/[slug]/views": [
    {
      name: "create",
      action: "view.created",
      workspace: ws,
      run: (c, from) =>
        createViewRoute(
          c.t.app,
          dashboardCall(`/api/w/${ws}/views`, {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: { name: "Mine", query: "?event=sales" },
          }),
          ws,
        ),
    },
  ],
  "PATCH /api/w/[slug]/views/[id]": [
    {
      name: "make default",
      action: "view.updated",
      workspace: ws,
      run: async (c, from) =>
        updateViewRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "PATCH", body: { isDefault: true } }),
          ws,
          await view(c),
        ),
    },
  ],
  "DELETE /api/w/[slug]/views/[id]": [
    {
      name: "delete",
      action: "view.deleted",
      workspace: ws,
      run: async (c, from) =>
        deleteViewRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          ws,
          await view(c),
        ),
    },
  ],
  "POST /api/w/[slug]/annotations": [
    {
      name: "create",
      action: "annotation.created",
      workspace: ws,
      run: (c, from) =>
        createAnnotationRoute(
          c.t.app,
          dashboardCall(`/api/w/${ws}/annotations`, {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: { day: "2026-03-14", note: "Launched spring campaign" },
          }),
          { kind: "workspace", slug: ws },
        ),
    },
  ],
  "PATCH /api/w/[slug]/annotations/[id]": [
    {
      name: "reword",
      action: "annotation.updated",
      workspace: ws,
      run: async (c, from) =>
        updateAnnotationRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "PATCH", body: { note: "Reworded" } }),
          { kind: "workspace", slug: ws },
          await annotation(c),
        ),
    },
  ],
  "DELETE /api/w/[slug]/annotations/[id]": [
    {
      name: "delete",
      action: "annotation.deleted",
      workspace: ws,
      run: async (c, from) =>
        deleteAnnotationRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          { kind: "workspace", slug: ws },
          await annotation(c),
        ),
    },
  ],
  "POST /api/annotations": [
    {
      name: "create in the default workspace",
      action: "annotation.created",
      workspace: ws,
      run: (c, from) =>
        createAnnotationRoute(
          c.t.app,
          dashboardCall("/api/annotations", {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: { day: "2026-03-15", note: "Default" },
          }),
          { kind: "default" },
        ),
    },
  ],
  "PATCH /api/annotations/[id]": [
    {
      name: "reword in the default workspace",
      action: "annotation.updated",
      workspace: ws,
      run: async (c, from) =>
        updateAnnotationRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "PATCH", body: { day: "2026-03-16" } }),
          { kind: "default" },
          await annotation(c),
        ),
    },
  ],
  "DELETE /api/annotations/[id]": [
    {
      name: "delete in the default workspace",
      action: "annotation.deleted",
      workspace: ws,
      run: async (c, from) =>
        deleteAnnotationRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          { kind: "default" },
          await annotation(c),
        ),
    },
  ],
  "POST /api/w/[slug]/shares": [
    {
      name: "create",
      action: "share.created",
      workspace: ws,
      run: (c, from) =>
        createShareRoute(
          c.t.app,
          dashboardCall(`/api/w/${ws}/shares`, {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: { name: "L", query: "?country=DE" },
          }),
          ws,
        ),
    },
  ],
  "DELETE /api/w/[slug]/shares/[id]": [
    {
      name: "revoke",
      action: "share.revoked",
      workspace: ws,
      run: async (c, from) =>
        revokeShareRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          ws,
          (await share(c)).id,
        ),
    },
  ],
  "PATCH /api/w/[slug]/shares/[id]": [
    {
      name: "new expiry",
      action: "share.updated",
      workspace: ws,
      run: async (c, from) =>
        updateShareRoute(
          c.t.app,
          dashboardCall("/", {
            cookie: c.owner.cookie,
            from,
            method: "PATCH",
            body: { expiresAt: "2099-01-01T00:00:00.000Z" },
          }),
          ws,
          (await share(c)).id,
        ),
    },
  ],
  "POST /api/w/[slug]/reports": [
    {
      name: "create",
      action: "report.created",
      workspace: ws,
      run: (c, from) =>
        createReportRoute(
          c.t.app,
          c.reports,
          dashboardCall(`/api/w/${ws}/reports`, {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: {
              kind: "report",
              name: "Daily",
              viewQuery: "?interval=24h",
              cadence: { frequency: "daily", hour: 8, timezone: "UTC" },
              recipients: [{ kind: "member", userId: c.owner.userId }],
            },
          }),
          ws,
        ),
    },
  ],
  "PATCH /api/w/[slug]/reports/[id]": [
    {
      name: "pause",
      action: "report.updated",
      workspace: ws,
      run: async (c, from) =>
        updateReportRoute(
          c.t.app,
          c.reports,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "PATCH", body: { paused: true } }),
          ws,
          await report(c),
        ),
    },
  ],
  "DELETE /api/w/[slug]/reports/[id]": [
    {
      name: "delete",
      action: "report.deleted",
      workspace: ws,
      run: async (c, from) =>
        deleteReportRoute(
          c.t.app,
          c.reports,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          ws,
          await report(c),
        ),
    },
  ],
  "POST /api/w/[slug]/reports/[id]/send": [
    {
      name: "send now",
      action: "report.previewed",
      workspace: ws,
      run: async (c, from) =>
        sendNowRoute(
          c.t.app,
          c.reports,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "POST" }),
          ws,
          await report(c),
        ),
    },
  ],
  "POST /api/w/[slug]/reports/[id]/subscription": [
    {
      name: "unsubscribe oneself",
      action: "report.unsubscribed",
      workspace: ws,
      run: async (c, from) =>
        subscriptionRoute(
          c.t.app,
          c.reports,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "POST", body: { subscribed: false } }),
          ws,
          await report(c),
        ),
    },
  ],
  "POST /api/s/[token]/unlock": [
    {
      name: "right password",
      action: "share.unlocked",
      actor: null,
      workspace: ws,
      run: async (c, from) =>
        unlockShareRoute(
          c.t.app,
          dashboardCall("/", { from, method: "POST", body: { password: "share password 1" } }),
          (await share(c, "share password 1")).token,
        ),
    },
  ],
  "POST /api/w/[slug]/invitations": [
    {
      name: "invite",
      action: "invitation.created",
      workspace: ws,
      run: (c, from) =>
        inviteRoute(
          c.t.app,
          dashboardCall(`/api/w/${ws}/invitations`, {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: { role: "member" },
          }),
          ws,
        ),
    },
  ],
  "POST /api/w/[slug]/invitations/[id]/resend": [
    {
      name: "send again",
      action: "invitation.resent",
      workspace: ws,
      async run(c, from) {
        const made = await inviteRoute(
          c.t.app,
          dashboardCall(`/api/w/${ws}/invitations`, {
            cookie: c.owner.cookie,
            method: "POST",
            body: { role: "viewer", email: `r-${unique()}@example.com` },
          }),
          ws,
        );
        const { invitation } = (await made.json()) as { invitation: { id: string } };
        return resendInvitationRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "POST" }),
          ws,
          invitation.id,
        );
      },
    },
  ],
  "DELETE /api/w/[slug]/invitations/[id]": [
    {
      name: "revoke",
      action: "invitation.revoked",
      workspace: ws,
      run: async (c, from) =>
        revokeInvitationRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          ws,
          (await invitation(c)).id,
        ),
    },
  ],
  "POST /api/invitations/[token]": [
    {
      name: "accept with a new account",
      action: "invitation.accepted",
      actor: "joiner@example.com",
      workspace: ws,
      run: async (c, from) =>
        acceptInvitationRoute(
          c.t.app,
          dashboardCall("/", {
            from,
            method: "POST",
            body: { name: "Joiner", email: "joiner@example.com", password: PASSWORD },
          }),
          (await invitation(c)).token,
        ),
    },
  ],
  "PATCH /api/w/[slug]/members/[userId]": [
    {
      name: "role",
      action: "member.role_changed",
      workspace: ws,
      run: async (c, from) =>
        changeRoleRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "PATCH", body: { role: "member" } }),
          ws,
          await member(c),
        ),
    },
  ],
  "DELETE /api/w/[slug]/members/[userId]": [
    {
      name: "remove",
      action: "member.removed",
      workspace: ws,
      run: async (c, from) =>
        removeMemberRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          ws,
          await member(c),
        ),
    },
  ],
  "DELETE /api/w/[slug]/membership": [
    {
      name: "a viewer leaves",
      action: "member.left",
      actor: "leaver@example.com",
      workspace: ws,
      run: async (c, from) =>
        leaveWorkspaceRoute(
          c.t.app,
          dashboardCall(`/api/w/${ws}/membership`, {
            cookie: (await c.t.person("leaver@example.com", { [ws]: "viewer" })).cookie,
            from,
            method: "DELETE",
          }),
          ws,
        ),
    },
  ],
  "POST /api/w/[slug]/ownership": [
    {
      name: "hand over",
      action: "ownership.transferred",
      workspace: "new",
      async run(c, from) {
        const own = await ownWorkspace(c);
        const heir = (await c.t.person(`heir-${unique()}@example.com`, { [own.slug]: "member" })).userId;
        return transferOwnershipRoute(
          c.t.app,
          dashboardCall(`/api/w/${own.slug}/ownership`, {
            cookie: c.owner.cookie,
            from,
            method: "POST",
            body: { userId: heir },
          }),
          own.slug,
        );
      },
    },
  ],
  "DELETE /api/w/[slug]": [
    {
      name: "delete",
      action: "workspace.deleted",
      workspace: "new",
      async run(c, from) {
        const own = await ownWorkspace(c);
        return deleteWorkspaceRoute(
          c.t.app,
          dashboardCall(`/api/w/${own.slug}`, {
            cookie: c.owner.cookie,
            from,
            method: "DELETE",
            body: { confirm: own.name },
          }),
          own.slug,
        );
      },
    },
  ],
  "DELETE /api/w/[slug]/members/[userId]/sessions": [
    {
      name: "sign out",
      action: "member.signed_out",
      workspace: ws,
      run: async (c, from) =>
        revokeSessionsRoute(
          c.t.app,
          dashboardCall("/", { cookie: c.owner.cookie, from, method: "DELETE" }),
          ws,
          await member(c),
        ),
    },
  ],
};

describe("the activity log's route list", () => {
  it("has a case (or a stated reason) for every state-changing route", () => {
    const routes = stateChangingRoutes().filter((r) => !r.startsWith("GET "));
    expect(routes.length).toBeGreaterThan(10);
    const covered = new Set([...Object.keys(CASES).map(routeOf), ...Object.keys(NOT_AUDITED)]);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    expect(
      Object.keys(CASES)
        .map(routeOf)
        .filter((k) => !k.startsWith("GET ") && !routes.includes(k)),
    ).toEqual([]);
  });
});

describe.each(BACKENDS)("every state change writes one activity entry on $name", ({ open }) => {
  let database: Database;
  const c = {} as Ctx;

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await open();
    c.t = await testApp(database, inject("platformUrl"), {
      mailer: createMailer(sink.url, "Linklens <team@example.test>"),
    });
    c.setupToken = (await c.t.app.setup.issue()) ?? "";
    c.reports = buildReports(c.t.app, {
      mailer: null,
      secret: SECRET,
      publicUrl: ORIGIN,
      dispatcher: outboundAgent(c.t.app.addresses),
    });
  }, 60_000);
  afterAll(async () => {
    c.t.app.mailer?.close();
    await sink.close();
    await database.close();
  });

  const cases = Object.entries(CASES).flatMap(([routeKey, list]) =>
    list.map((one) => [`${routeKey} (${one.name})`, one] as const),
  );
  it.each(cases)("%s", async (_name, one) => {
    if (!c.owner) {
      // After the setup case, which needs a dashboard with no account yet.
      if (one.action !== "account.created") {
        c.ownerEmail = "owner@example.com";
        c.owner = await c.t.person(c.ownerEmail, { [ws]: "owner", globex: "owner" });
      }
    }
    const { db } = c.t.app.database;
    const from = `198.51.100.${(counter % 200) + 1}`;
    // Fixtures (a view to delete, a member to remove) write entries too: counted from just before the change.
    const response = await one.run(c, from);
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    const mine = await db.selectFrom("audit_log").selectAll().where("client_address", "=", from).execute();
    expect(mine.map((e) => e.action)).toEqual([one.action]);
    const entry = mine[0];
    const expectedActor = one.actor === undefined ? c.ownerEmail : one.actor;
    expect(entry.actor_email).toBe(expectedActor);
    if (one.workspace === null) expect(entry.workspace_id).toBeNull();
    else if (one.workspace === "new") expect(entry.workspace_id).not.toBeNull();
    else expect(entry.workspace_id).toBe((await c.t.app.workspaces.bySlug(one.workspace))?.id);
    expect(Math.abs(new Date(entry.at).getTime() - c.t.clock.now())).toBeLessThan(60_000);
    await db.deleteFrom("audit_log").where("client_address", "=", from).execute();
  });

  it("shows owners their workspace's entries, filtered, and as CSV; others are refused", async () => {
    c.ownerEmail ??= "owner@example.com";
    c.owner ??= await c.t.person(c.ownerEmail, { [ws]: "owner", globex: "owner" });
    const viewer = await c.t.person("viewer@example.com", { [ws]: "viewer" });
    await createViewRoute(
      c.t.app,
      dashboardCall(`/api/w/${ws}/views`, {
        cookie: c.owner.cookie,
        method: "POST",
        body: { name: "=HYPERLINK(1)", query: "" },
      }),
      ws,
    );
    await updateWorkspaceRoute(
      c.t.app,
      dashboardCall("/api/w/globex", { cookie: c.owner.cookie, method: "PATCH", body: { name: "Elsewhere" } }),
      "globex",
    );
    const list = await activityRoute(
      c.t.app,
      dashboardCall(`/api/w/${ws}/activity?action=view.created&actor=OWNER@`, { cookie: c.owner.cookie }),
      ws,
    );
    const { entries } = (await list.json()) as { entries: { action: string; actor: string; target: string }[] };
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.action === "view.created" && e.actor === c.ownerEmail)).toBe(true);
    const all = (await (
      await activityRoute(c.t.app, dashboardCall(`/api/w/${ws}/activity`, { cookie: c.owner.cookie }), ws)
    ).json()) as { entries: { target: string | null }[] };
    expect(all.entries.some((e) => e.target?.includes("Elsewhere"))).toBe(false);
    const csv = await activityRoute(
      c.t.app,
      dashboardCall(`/api/w/${ws}/activity?format=csv&action=view.created`, { cookie: c.owner.cookie }),
      ws,
    );
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\n")[0]).toBe("Time (UTC),Who,What,Target,Client address");
    expect(text).toContain("'=HYPERLINK(1)");
    const refused = await activityRoute(c.t.app, dashboardCall(`/api/w/${ws}/activity`, { cookie: viewer.cookie }), ws);
    expect(refused.status).toBe(403);
    const bad = await activityRoute(
      c.t.app,
      dashboardCall(`/api/w/${ws}/activity?from=yesterday`, { cookie: c.owner.cookie }),
      ws,
    );
    expect(bad.status).toBe(422);
    const future = (await (
      await activityRoute(
        c.t.app,
        dashboardCall(`/api/w/${ws}/activity?from=2999-01-01`, { cookie: c.owner.cookie }),
        ws,
      )
    ).json()) as { entries: unknown[] };
    expect(future.entries).toEqual([]);
  });
});
