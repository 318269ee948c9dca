import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { fromAddress, ORIGIN, PASSWORD, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { authRoute } from "../handlers/authRoute";
import { requesterOf } from "../guard/requester";
import { createMailer } from "../mail/mailer";
import { startSmtpSink, type SmtpSink } from "../mail/testing/smtpSink";
import { RESET_RULES } from "./resetThrottle";

/** Password reset by email (better-auth's flow, mailed through a real SMTP server on loopback): single-use, expiring, throttled. */

function authPost(path: string, body: unknown, from = "192.0.2.10"): Request {
  return new Request(`${ORIGIN}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...fromAddress(from) },
    body: JSON.stringify(body),
  });
}

const tokenIn = (text: string | undefined) => /\/reset-password\?token=([\w-]+)/.exec(text ?? "")?.[1] ?? "";

describe.each(BACKENDS)("password reset by email on $name", ({ open }) => {
  let database: Database;
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await open();
    t = await testApp(database, inject("platformUrl"), {
      mailer: createMailer(sink.url, "Linklens <team@example.test>"),
    });
  }, 60_000);
  afterAll(async () => {
    t.app.mailer?.close();
    await sink.close();
    await database.close();
  });

  const request = (email: string, from?: string) =>
    authRoute(t.app, authPost("/request-password-reset", { email }, from));
  const reset = (token: string, newPassword: string) =>
    authRoute(t.app, authPost("/reset-password", { token, newPassword }));
  const mailFor = (email: string, after: number) =>
    sink.waitFor((m) => sink.messages.indexOf(m) >= after && JSON.stringify(m.to).includes(email));

  it("mails a link that sets a new password once, ends every session, and is logged", async () => {
    const { cookie } = await t.person("rita@example.com", { acme: "member" });
    const before = sink.messages.length;
    const asked = await request("rita@example.com");
    expect(asked.status).toBe(200);
    const mail = await mailFor("rita@example.com", before);
    expect(mail.subject).toBe("Reset your Linklens password");
    expect(mail.text).toContain(`${ORIGIN}/reset-password?token=`);
    const token = tokenIn(mail.text);

    expect((await reset(token, "a brand new password")).status).toBe(200);
    expect((await requesterOf(t.app, new Headers({ cookie }))).kind).toBe("anonymous");
    expect((await t.signIn("rita@example.com", PASSWORD, "192.0.2.50")).status).toBe(401);
    expect((await t.signIn("rita@example.com", "a brand new password", "192.0.2.51")).status).toBe(200);

    const reused = await reset(token, "yet another password");
    expect(reused.status).toBe(400);
    expect(errorBodySchema.parse(await reused.json()).error.code).toBe("bad_request");

    const actions = await database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "client_address"])
      .where("actor_email", "=", "rita@example.com")
      .where("action", "in", ["password_reset.requested", "password_reset.completed"])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(["password_reset.completed", "password_reset.requested"]);
    expect(actions.every((a) => a.client_address === "192.0.2.10")).toBe(true);
  });

  it("answers an unknown address as a known one, and mails nothing", async () => {
    const before = sink.messages.length;
    const known = await (await request("rita@example.com", "192.0.2.20")).json();
    const unknown = await request("nobody@example.com", "192.0.2.20");
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(known);
    await mailFor("rita@example.com", before);
    expect(sink.messages.slice(before).some((m) => JSON.stringify(m.to).includes("nobody@example.com"))).toBe(false);
  });

  it("an expired link is refused", async () => {
    await t.person("exp@example.com", {});
    const before = sink.messages.length;
    await request("exp@example.com", "192.0.2.30");
    const token = tokenIn((await mailFor("exp@example.com", before)).text);
    // better-auth reads the wall clock for this expiry: the stored expiry is moved instead of waiting an hour.
    await sql`update verification set "expiresAt" = ${new Date(Date.now() - 1000)} where identifier = ${`reset-password:${token}`}`.execute(
      database.db,
    );
    expect((await reset(token, "a brand new password")).status).toBe(400);
  });

  it(`takes ${RESET_RULES.perAccount} requests an hour per address and ${RESET_RULES.perClient} per client`, async () => {
    for (let i = 0; i < RESET_RULES.perAccount; i++)
      expect((await request("flood@example.com", `192.0.2.${100 + i}`)).status).toBe(200);
    const held = await request("flood@example.com", "192.0.2.199");
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    for (let i = 0; i < RESET_RULES.perClient; i++)
      expect((await request(`c${i}@example.com`, "192.0.2.77")).status).toBe(200);
    expect((await request("fresh@example.com", "192.0.2.77")).status).toBe(429);
  });

  it("without a mail server says so", async () => {
    const quiet = await testApp(database, inject("platformUrl"));
    const answer = await authRoute(quiet.app, authPost("/request-password-reset", { email: "rita@example.com" }));
    expect(answer.status).toBe(422);
    expect(errorBodySchema.parse(await answer.json()).error.message).toContain("SMTP_URL");
    expect(
      (
        await authRoute(
          quiet.app,
          new Request(`${ORIGIN}/api/auth/request-password-reset`, {
            method: "POST",
            headers: { origin: ORIGIN },
            body: "email=x",
          }),
        )
      ).status,
    ).toBe(422);
  });
});
