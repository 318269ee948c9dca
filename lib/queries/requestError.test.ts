import { describe, expect, it } from "vitest";
import { requestErrorFrom, retryAfterSeconds } from "./requestError";

describe("requestErrorFrom", () => {
  it("reads the spec's error body and Retry-After", () => {
    const body = { error: { code: "rate_limit_exceeded", message: "Slow down.", doc_url: "https://linklens.dev/docs/api-reference/errors#rate-limit-exceeded" } };
    const error = requestErrorFrom(new Response(null, { status: 429, headers: { "Retry-After": "7" } }), body);
    expect(error).toMatchObject({ status: 429, code: "rate_limit_exceeded", message: "Slow down.", retryAfter: 7 });
  });

  it("gives a message of its own to a body of another shape", () => {
    const error = requestErrorFrom(new Response(null, { status: 504 }), "<html>");
    expect(error).toMatchObject({ status: 504, code: "unknown", retryAfter: null });
    expect(error.message).toMatch(/did not answer/);
  });
});

describe("retryAfterSeconds", () => {
  const now = Date.parse("2026-11-20T08:30:00Z");
  it("takes delta-seconds, an HTTP date, and nothing else", () => {
    expect(retryAfterSeconds("2", now)).toBe(2);
    expect(retryAfterSeconds("1.2", now)).toBe(2);
    expect(retryAfterSeconds("Fri, 20 Nov 2026 08:30:05 GMT", now)).toBe(5);
    expect(retryAfterSeconds("soon", now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
