import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { dashboardCall, PASSWORD, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { createMailer } from "../mail/mailer";
import { startSmtpSink, type SmtpSink } from "../mail/testing/smtpSink";
import { acceptInvitationRoute } from "./invitations";
import { inviteRoute, listMembersRoute, resendInvitationRoute, revokeInvitationRoute } from "./members";

/** Invitations mailed through a real SMTP server on loopback: the mail, the link's one use, resend, revoke, expiry. */

const ws = "acme";
const linkIn = (text: string | undefined) => /http:\/\/127\.0\.0\.1:3999\/invite\/([\w-]+)/.exec(text ?? "")?.[1] ?? "";

describe.each(BACKENDS)("invitations by email on $name", ({ open }) => {
  let database: Database;
  let sink: SmtpSink;
  let t: TestApp;
  let owner: { userId: string; cookie: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await open();
    t = await testApp(database, inject("platformUrl"), {
      mailer: createMailer(sink.url, "Linklens <team@example.test>"),
    });
    owner = await t.person("olga@example.com", { [ws]: "owner" });
  }, 60_000);
  afterAll(async () => {
    t.app.mailer?.close();
    await sink.close();
    await database.close();
  });

  const invite = (body: unknown) =>
    inviteRoute(t.app, dashboardCall(`/api/w/${ws}/invitations`, { cookie: owner.cookie, method: "POST", body }), ws);
  const accept = (token: string, body: unknown, cookie?: string) =>
    acceptInvitationRoute(t.app, dashboardCall("/", { method: "POST", body, cookie }), token);
  const message = async (response: Response) => errorBodySchema.parse(await response.json()).error.message;

  it("mails the workspace, the role, the inviter and a link only that address can use, once", async () => {
    const made = await invite({ email: "Ana@Example.com", role: "viewer" });
    expect(made.status).toBe(201);
    const mail = await sink.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes("ana@example.com"));
    expect(mail.subject).toBe("olga invites you to Acme on Linklens");
    expect(mail.text).toContain('workspace "Acme" on Linklens, as viewer: sees the workspace\'s figures');
    const token = linkIn(mail.text);
    expect(token).not.toBe("");
    const found = await t.app.invitations.find(token);
    if (!found.ok) throw new Error(`the mailed link does not open: ${found.reason}`);
    expect(await t.app.invitations.details(found.invitation)).toMatchObject({
      workspaceName: "Acme",
      role: "viewer",
      inviterName: "olga",
      email: "ana@example.com",
    });

    const listed = (await (
      await listMembersRoute(t.app, dashboardCall(`/api/w/${ws}/members`, { cookie: owner.cookie }), ws)
    ).json()) as { invitations: { email: string; sentAt: string | null }[]; mail: boolean };
    expect(listed.mail).toBe(true);
    expect(listed.invitations.find((i) => i.email === "ana@example.com")?.sentAt).not.toBeNull();

    const wrongAddress = await accept(token, { name: "Eve", email: "eve@example.com", password: PASSWORD });
    expect(wrongAddress.status).toBe(422);
    expect(await message(wrongAddress)).toContain("this invitation is for ana@example.com");
    const someoneElse = await t.person("sam@example.com", {});
    const signedInAsOther = await accept(token, {}, someoneElse.cookie);
    expect(signedInAsOther.status).toBe(403);
    expect(await message(signedInAsOther)).toContain("you are signed in as sam@example.com");

    const joined = await accept(token, { name: "Ana", email: "ana@example.com", password: PASSWORD });
    expect(joined.status).toBe(201);
    const acme = await t.app.workspaces.bySlug(ws);
    const members = await t.app.members.list(acme?.id ?? "");
    expect(members.find((m) => m.email === "ana@example.com")?.role).toBe("viewer");

    const again = await accept(token, { name: "Ana", email: "ana@example.com", password: PASSWORD });
    expect(again.status).toBe(404);
    expect(await message(again)).toContain("already been used");
    expect(await t.app.invitations.find(token)).toMatchObject({ ok: false, reason: "used" });
    // A member already: not invited twice.
    expect((await invite({ email: "ana@example.com", role: "member" })).status).toBe(409);
  });

  it("sends again with a new link (the old one stops working), and a revoked link says so", async () => {
    const made = (await (await invite({ email: "ben@example.com", role: "member" })).json()) as {
      invitation: { id: string };
    };
    const first = linkIn((await sink.waitFor((m) => JSON.stringify(m.to).includes("ben@example.com"))).text);
    expect((await invite({ email: "ben@example.com", role: "member" })).status).toBe(409);
    const before = sink.messages.length;
    const resent = await resendInvitationRoute(
      t.app,
      dashboardCall("/", { cookie: owner.cookie, method: "POST" }),
      ws,
      made.invitation.id,
    );
    expect(resent.status).toBe(200);
    const second = linkIn(
      (
        await sink.waitFor(
          (m) => sink.messages.indexOf(m) >= before && JSON.stringify(m.to).includes("ben@example.com"),
        )
      ).text,
    );
    expect(second).not.toBe(first);
    expect(await t.app.invitations.find(first)).toMatchObject({ ok: false, reason: "unknown" });
    expect((await t.app.invitations.find(second)).ok).toBe(true);

    const revoked = await revokeInvitationRoute(
      t.app,
      dashboardCall("/", { cookie: owner.cookie, method: "DELETE" }),
      ws,
      made.invitation.id,
    );
    expect(revoked.status).toBe(204);
    expect(await t.app.invitations.find(second)).toMatchObject({ ok: false, reason: "revoked" });
    const refused = await accept(second, { name: "Ben", email: "ben@example.com", password: PASSWORD });
    expect(refused.status).toBe(404);
    expect(await message(refused)).toContain("withdrawn");
    // Revoked: neither sent again nor revoked twice.
    expect(
      (
        await resendInvitationRoute(
          t.app,
          dashboardCall("/", { cookie: owner.cookie, method: "POST" }),
          ws,
          made.invitation.id,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await revokeInvitationRoute(
          t.app,
          dashboardCall("/", { cookie: owner.cookie, method: "DELETE" }),
          ws,
          made.invitation.id,
        )
      ).status,
    ).toBe(404);
    // …and the address may be invited again.
    expect((await invite({ email: "ben@example.com", role: "member" })).status).toBe(201);
  });

  it("an expired link says so (410); a link invitation cannot be mailed again", async () => {
    const made = (await (await invite({ role: "member" })).json()) as {
      url: string;
      invitation: { id: string; email: string | null };
    };
    expect(made.invitation.email).toBeNull();
    expect(
      (
        await resendInvitationRoute(
          t.app,
          dashboardCall("/", { cookie: owner.cookie, method: "POST" }),
          ws,
          made.invitation.id,
        )
      ).status,
    ).toBe(422);
    t.clock.advance(8 * 24 * 3600_000);
    const late = await accept(made.url.split("/").at(-1) ?? "", {
      name: "Late",
      email: "late@example.com",
      password: PASSWORD,
    });
    expect(late.status).toBe(410);
    expect(await message(late)).toContain("expired");
  });

  it("without a mail server, or when it refuses, says so and keeps nothing pending", async () => {
    const quiet = await testApp(database, inject("platformUrl"));
    const ownerThere = await quiet.person("olga@example.com", { [ws]: "owner" });
    const noMail = await inviteRoute(
      quiet.app,
      dashboardCall(`/api/w/${ws}/invitations`, {
        cookie: ownerThere.cookie,
        method: "POST",
        body: { email: "cy@example.com", role: "member" },
      }),
      ws,
    );
    expect(noMail.status).toBe(422);
    expect(await message(noMail)).toContain("SMTP_URL");

    const down = await testApp(database, inject("platformUrl"), {
      mailer: createMailer("smtp://127.0.0.1:1", "x@example.test"),
    });
    const ownerDown = await down.person("olga@example.com", { [ws]: "owner" });
    const failed = await inviteRoute(
      down.app,
      dashboardCall(`/api/w/${ws}/invitations`, {
        cookie: ownerDown.cookie,
        method: "POST",
        body: { email: "dee@example.com", role: "member" },
      }),
      ws,
    );
    expect(failed.status).toBe(422);
    expect(await message(failed)).toContain("could not be sent");
    const acme = await down.app.workspaces.bySlug(ws);
    expect(await down.app.invitations.pendingFor(acme?.id ?? "", "dee@example.com")).toBeUndefined();
    expect(
      await database.db.selectFrom("invitations").select("id").where("email", "=", "dee@example.com").execute(),
    ).toEqual([]);
  });
});
