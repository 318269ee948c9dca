import { describe, expect, it } from "vitest";
import { newCsrfToken } from "./csrf";
import { csrfMatches } from "./csrfCheck";

describe("csrfMatches", () => {
  it("the header echoes the cookie: accepted; anything else, or a cookie not of the token's shape, refused", () => {
    const token = newCsrfToken();
    expect(csrfMatches(token, token)).toBe(true);
    expect(csrfMatches(token, newCsrfToken())).toBe(false);
    expect(csrfMatches(token, token.slice(1))).toBe(false);
    expect(csrfMatches(token, null)).toBe(false);
    expect(csrfMatches(undefined, token)).toBe(false);
    expect(csrfMatches("x".repeat(48), "x".repeat(48))).toBe(false);
  });
});
