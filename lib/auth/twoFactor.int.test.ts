import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fromAddress, ORIGIN, PASSWORD, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { requesterOf } from "../guard/requester";
import { authRoute } from "../handlers/authRoute";
import type { AuditAction } from "../db/auditActions";
import { totpCode } from "./testing/totp";

/**
 * TOTP two-factor sign-in (better-auth's twoFactor plugin): enrolment with a code from the
 * authenticator, sign-in asks for the code (or a single-use backup code), turning it off takes
 * the password. Codes are computed for a given instant with otpauth, never waited for.
 */

function authPost(path: string, body: unknown, cookie = "", from = "192.0.2.40"): Request {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN, ...fromAddress(from) });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

/** The cookies a response sets, as the browser sends them back (name=value; …). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

describe.each(BACKENDS)("two-factor sign-in on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  const email = "twofactor@example.com";

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const signedIn = async (cookie: string) => (await requesterOf(t.app, new Headers({ cookie }))).kind === "person";
  const entries = async (action: AuditAction) =>
    (
      await t.app.database.db
        .selectFrom("audit_log")
        .select("actor_email")
        .where("action", "=", action)
        .where("actor_email", "=", email)
        .execute()
    ).length;

  it("enrols with a code, then asks for one at every password sign-in; backup codes work once; the password turns it off", async () => {
    let { cookie } = await t.person(email, { acme: "member" });

    // Enrolment needs the password, and is not on until a code from the app is given.
    expect(
      (await authRoute(t.app, authPost("/two-factor/enable", { password: "wrong password 123" }, cookie))).status,
    ).toBe(400);
    const enabled = await authRoute(t.app, authPost("/two-factor/enable", { password: PASSWORD }, cookie));
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Linklens:twofactor%40example\.com\?.*secret=[A-Z2-7]+/);
    expect(backupCodes).toHaveLength(10);
    const now = Date.now();
    expect(
      (
        await authRoute(
          t.app,
          authPost("/two-factor/verify-totp", { code: totpCode(totpURI, now - 10 * 60_000) }, cookie),
        )
      ).status,
    ).toBe(401);
    const confirmed = await authRoute(
      t.app,
      authPost("/two-factor/verify-totp", { code: totpCode(totpURI, now) }, cookie),
    );
    expect(confirmed.status).toBe(200);
    cookie = cookiesOf(confirmed);
    expect(await signedIn(cookie)).toBe(true);
    expect(await entries("two_factor.enabled")).toBe(1);

    // A password alone no longer signs in: the answer asks for the second factor and holds no session.
    const signedInBefore = await entries("signed_in");
    const first = await t.signIn(email);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookiesOf(first);
    expect(await signedIn(pending)).toBe(false);
    expect((await authRoute(t.app, authPost("/two-factor/verify-totp", { code: "000000" }, pending))).status).toBe(401);
    const second = await authRoute(
      t.app,
      authPost("/two-factor/verify-totp", { code: totpCode(totpURI, Date.now()) }, pending),
    );
    expect(second.status).toBe(200);
    expect(await signedIn(cookiesOf(second))).toBe(true);
    expect(await entries("signed_in")).toBe(signedInBefore + 1);

    // A backup code instead of the app, once.
    const viaBackup = async () => {
      const asked = cookiesOf(await t.signIn(email));
      return authRoute(t.app, authPost("/two-factor/verify-backup-code", { code: backupCodes[0] }, asked));
    };
    const backup = await viaBackup();
    expect(backup.status).toBe(200);
    expect(await signedIn(cookiesOf(backup))).toBe(true);
    expect((await viaBackup()).status).toBe(401);

    // Off with the password only; then a password signs in alone again.
    expect(
      (await authRoute(t.app, authPost("/two-factor/disable", { password: "wrong password 123" }, cookie))).status,
    ).toBe(400);
    expect(await entries("two_factor.disabled")).toBe(0);
    const off = await authRoute(t.app, authPost("/two-factor/disable", { password: PASSWORD }, cookie));
    expect(off.status).toBe(200);
    expect(await entries("two_factor.disabled")).toBe(1);
    const plain = await t.signIn(email);
    expect(await signedIn(cookiesOf(plain))).toBe(true);
  });
});
