import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { dashboardCall, fromAddress, ORIGIN, PASSWORD, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { authRoute } from "./authRoute";
import { unlockShareRoute } from "./shares";

/**
 * Password guessing against sign-in and share links, as an attacker would try it: other body
 * encodings, a success on their own account, forged X-Forwarded-For, and failures meant to lock
 * the owner out. The throttle counts per account (or link) and client; the client is the socket's
 * address (here written where the server's stamp writes it).
 */

const STRANGER = "203.0.113.66";
const OWNER_AT_HOME = "198.51.100.10";

function signInRequest(
  body: string,
  contentType: string,
  from: string,
  extra: Record<string, string> = {},
  path = "/api/auth/sign-in/email",
): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, origin: ORIGIN, ...fromAddress(from), ...extra },
    body,
  });
}

const asJson = (email: string, password: string, from: string, extra?: Record<string, string>) =>
  signInRequest(JSON.stringify({ email, password }), "application/json", from, extra);
const asForm = (email: string, password: string, from: string) =>
  signInRequest(new URLSearchParams({ email, password }).toString(), "application/x-www-form-urlencoded", from);

describe.each(BACKENDS)("sign-in and share-link throttles on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  const send = (request: Request) => authRoute(t.app, request);

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    for (const who of ["owner", "member", "viewer", "attacker", "sprayed"])
      await t.person(`${who}@example.com`, { acme: who === "owner" ? "owner" : "viewer" });
  }, 60_000);
  afterAll(() => database.close());
  afterEach(() => vi.useRealTimers());

  it("form-encoded guesses are refused before any password is checked, and a held account stays held whatever the encoding", async () => {
    for (let i = 0; i < 8; i++) {
      const guess = await send(asForm("owner@example.com", `guess ${i}`, STRANGER));
      expect(guess.status).toBe(400);
      expect(errorBodySchema.parse(await guess.json()).error.message).toMatch(/JSON/);
    }
    // The right password, form-encoded, does not sign in either: one encoding, one count.
    expect((await send(asForm("owner@example.com", PASSWORD, STRANGER))).status).toBe(400);
    for (let i = 0; i < 5; i++)
      expect((await send(asJson("owner@example.com", `guess ${i}`, STRANGER))).status).toBe(401);
    expect((await send(asJson("owner@example.com", PASSWORD, STRANGER))).status).toBe(429);
    expect((await send(asForm("owner@example.com", PASSWORD, STRANGER))).status).not.toBe(200);
    // Spelled otherwise, it is the same account.
    expect((await send(asJson(" OWNER@example.com", PASSWORD, STRANGER))).status).toBe(429);
    for (const path of ["/api/auth/sign-in/email/", "/api/auth//Sign-In/email"]) {
      expect(
        (
          await send(
            signInRequest(
              JSON.stringify({ email: "owner@example.com", password: PASSWORD }),
              "application/json",
              STRANGER,
              {},
              path,
            ),
          )
        ).status,
      ).not.toBe(200);
    }
  });

  it("the attacker's own successful sign-ins, in either encoding, never reset the count: at most 5 guesses are checked before a hold", async () => {
    const from = "203.0.113.67";
    let checked = 0;
    for (let round = 0; round < 12; round++) {
      const encode = round % 2 === 0 ? asForm : asJson;
      const guess = await send(encode("member@example.com", `guess ${round}`, from));
      if (guess.status === 401) checked++;
      expect([400, 401, 429]).toContain(guess.status);
      // Between guesses, the attacker signs in to their own account, as a form and as JSON.
      await send(asForm("attacker@example.com", PASSWORD, from));
      expect((await send(asJson("attacker@example.com", PASSWORD, from))).status).toBe(200);
    }
    expect(checked).toBe(5);
    const held = await send(asJson("member@example.com", PASSWORD, from));
    expect(held.status).toBe(429);
    expect(errorBodySchema.parse(await held.json()).error.message).toMatch(/this account/);
  });

  it("a stranger cannot lock an account: the owner from another client signs in; the stranger's holds grow", async () => {
    const from = "203.0.113.68";
    for (let i = 0; i < 5; i++) expect((await send(asJson("viewer@example.com", `guess ${i}`, from))).status).toBe(401);
    const first = await send(asJson("viewer@example.com", PASSWORD, from));
    expect(first.status).toBe(429);
    const firstWait = Number(first.headers.get("retry-after"));
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(60);
    expect((await send(asJson("viewer@example.com", PASSWORD, OWNER_AT_HOME))).status).toBe(200);

    // Once the hold passes, the next failure holds the stranger twice as long.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await send(asJson("viewer@example.com", "guess 6", from))).status).toBe(401);
    const second = await send(asJson("viewer@example.com", PASSWORD, from));
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(Number(second.headers.get("retry-after"))).toBeLessThanOrEqual(120);
    expect((await send(asJson("viewer@example.com", PASSWORD, OWNER_AT_HOME))).status).toBe(200);
  });

  it("X-Forwarded-For from a client is not believed: forged entries neither spread one client's guesses nor put strangers in one bucket", async () => {
    const from = "203.0.113.69";
    for (let i = 0; i < 5; i++) {
      const forged = { "x-forwarded-for": `192.0.2.${i}, 198.51.100.${i}` };
      expect((await send(asJson("sprayed@example.com", `guess ${i}`, from, forged))).status).toBe(401);
    }
    expect(
      (await send(asJson("sprayed@example.com", PASSWORD, from, { "x-forwarded-for": "192.0.2.200" }))).status,
    ).toBe(429);
    // Another client sending the stranger's forwarded chain is not the stranger.
    expect(
      (
        await send(
          asJson("sprayed@example.com", PASSWORD, "198.51.100.77", { "x-forwarded-for": `${from}, 192.0.2.1` }),
        )
      ).status,
    ).toBe(200);
  });

  it("one client's failures over many accounts are capped; other clients are not", async () => {
    const from = "203.0.113.70";
    for (let i = 0; i < 20; i++) await send(asJson(`nobody${i}@example.com`, "wrong password", from));
    const held = await send(asJson("attacker@example.com", PASSWORD, from));
    expect(held.status).toBe(429);
    expect(errorBodySchema.parse(await held.json()).error.message).toMatch(/this address/);
    expect((await send(asJson("attacker@example.com", PASSWORD, "203.0.113.71"))).status).toBe(200);
  });

  it("a stranger cannot lock a share link: its holder unlocks it from another client", async () => {
    const owner = (await t.person("owner@example.com", {})).cookie;
    const { createShareRoute } = await import("./shares");
    const created = await createShareRoute(
      t.app,
      dashboardCall("/api/w/acme/shares", {
        cookie: owner,
        method: "POST",
        body: { name: "Locked", query: "?interval=30d", password: "the link password" },
      }),
      "acme",
    );
    const token = new URL(((await created.json()) as { url: string }).url).pathname.split("/").at(-1) ?? "";
    const unlock = (password: string, from: string) =>
      unlockShareRoute(t.app, dashboardCall("/", { method: "POST", body: { password }, from }), token);
    for (let i = 0; i < 5; i++) expect((await unlock(`guess ${i}`, STRANGER)).status).toBe(401);
    expect((await unlock("the link password", STRANGER)).status).toBe(429);
    expect((await unlock("the link password", OWNER_AT_HOME)).status).toBe(200);
  });
});
