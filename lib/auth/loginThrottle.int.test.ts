import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { LOGIN_RULES, LoginThrottle } from "./loginThrottle";

/** The cap on one account from every client: past it, only clients that got in before may try. */
describe.each(BACKENDS)("LoginThrottle on $name", ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  }, 60_000);
  afterAll(() => database.close());

  it("guessing from many clients hits the account's cap; a client that signed in before still gets through", async () => {
    const throttle = new LoginThrottle(database.db, { ...LOGIN_RULES, perSubject: 10 });
    await throttle.succeeded("owner@example.com", "198.51.100.10");
    for (let i = 0; i < 10; i++) await throttle.failed("owner@example.com", `203.0.113.${i}`);
    expect(await throttle.check("owner@example.com", "203.0.113.200")).toMatchObject({
      allowed: false,
      subject: "account",
    });
    expect(await throttle.check("owner@example.com", "198.51.100.10")).toEqual({ allowed: true });
    expect(await throttle.check("someone@example.com", "203.0.113.200")).toEqual({ allowed: true });
  });
});
