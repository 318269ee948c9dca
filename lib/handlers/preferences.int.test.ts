import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { THEME_COOKIE } from "../theme/theme";
import { preferencesRoute, setPreferencesRoute } from "./preferences";

/**
 * A person's theme: stored with their account and copied into the browser's cookie at their next
 * sign-in (a new browser shows it from the first page); anyone without an account keeps it in the
 * cookie alone; bad input gets the spec's error shape.
 */

const PATH = "/api/me/preferences";

describe.each(BACKENDS.slice(0, 1))("preferences on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
  }, 60_000);
  afterAll(() => database.close());

  const set = (cookie: string | undefined, body: unknown) =>
    setPreferencesRoute(t.app, dashboardCall(PATH, { cookie, method: "PATCH", body }));
  const get = (cookie: string | undefined) => preferencesRoute(t.app, dashboardCall(PATH, { cookie }));
  const themeCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${THEME_COOKIE}=`))
      ?.split(";")
      .map((part) => part.trim());

  it("a signed-in person's choice is stored with their account, and read back", async () => {
    const { cookie } = await t.person("dana@example.com", { acme: "viewer" });
    expect(await (await get(cookie)).json()).toEqual({ theme: null, stored: true });
    const response = await set(cookie, { theme: "dark" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ theme: "dark", stored: true });
    expect(await (await get(cookie)).json()).toEqual({ theme: "dark", stored: true });
    expect(await (await set(cookie, { theme: "light" })).json()).toEqual({ theme: "light", stored: true });
    expect(await (await get(cookie)).json()).toEqual({ theme: "light", stored: true });
  });

  it("their next sign-in, in any browser, sets the theme cookie to the stored choice", async () => {
    const { cookie } = await t.person("erin@example.com", { acme: "member" });
    await set(cookie, { theme: "dark" });
    const signedIn = await t.signIn("erin@example.com");
    expect(signedIn.status).toBe(200);
    const line = themeCookieOf(signedIn);
    expect(line?.[0]).toBe(`${THEME_COOKIE}=dark`);
    expect(line).toContain("Path=/");
    expect(line).toContain("SameSite=Lax");
    expect(line?.some((part) => part.toLowerCase() === "httponly")).toBe(false);
    expect(line?.find((part) => part.startsWith("Max-Age="))).toBe("Max-Age=31536000");
  });

  it("someone who never chose keeps their browser's theme: the sign-in sets no theme cookie", async () => {
    await t.person("fred@example.com", { acme: "member" });
    const signedIn = await t.signIn("fred@example.com");
    expect(signedIn.status).toBe(200);
    expect(themeCookieOf(signedIn)).toBeUndefined();
  });

  it("a failed sign-in sets no theme cookie", async () => {
    const refused = await t.signIn("erin@example.com", "not the password at all");
    expect(refused.status).toBe(401);
    expect(themeCookieOf(refused)).toBeUndefined();
  });

  it("without an account (a share link's visitor) the choice stays in the cookie: nothing is stored", async () => {
    const response = await set(undefined, { theme: "dark" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ theme: "dark", stored: false });
    expect(await database.db.selectFrom("user_preferences").select("user_id").execute()).toHaveLength(2);
    expect((await get(undefined)).status).toBe(401);
  });

  it("bad input gets the spec's error shape and changes nothing", async () => {
    const { cookie } = await t.person("gina@example.com", { acme: "viewer" });
    await set(cookie, { theme: "light" });
    for (const [body, status] of [
      [{ theme: "blue" }, 422],
      [{ theme: "Dark" }, 422],
      [{}, 422],
      [{ theme: 1 }, 422],
      [["dark"], 422],
    ] as const) {
      const response = await set(cookie, body);
      expect(response.status).toBe(status);
      expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
    }
    const notJson = await setPreferencesRoute(
      t.app,
      new Request(`http://127.0.0.1:3999${PATH}`, {
        method: "PATCH",
        headers: { cookie, "content-type": "application/json" },
        body: "{theme: dark",
      }),
    );
    expect(notJson.status).toBe(400);
    expect(await (await get(cookie)).json()).toEqual({ theme: "light", stored: true });
  });
});

describe.each(BACKENDS.slice(0, 1))("preferences without sign-in on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"), { signIn: false });
  }, 60_000);
  afterAll(() => database.close());

  it("the loopback dashboard's local user keeps the theme in the cookie alone", async () => {
    const response = await setPreferencesRoute(
      t.app,
      dashboardCall(PATH, { method: "PATCH", body: { theme: "dark" } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ theme: "dark", stored: false });
    expect(await (await preferencesRoute(t.app, dashboardCall(PATH))).json()).toEqual({ theme: null, stored: false });
    expect(await database.db.selectFrom("user_preferences").select("user_id").execute()).toHaveLength(0);
  });
});
