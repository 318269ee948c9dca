import { afterEach, describe, expect, it, vi } from "vitest";
import { requestErrorFrom } from "./requestError";

describe("requestErrorFrom", () => {
  it("reads the spec's error body and Retry-After", () => {
    const body = {
      error: {
        code: "rate_limit_exceeded",
        message: "Slow down.",
        doc_url: "https://linklens.dev/docs/api-reference/errors#rate-limit-exceeded",
      },
    };
    const error = requestErrorFrom(new Response(null, { status: 429, headers: { "Retry-After": "7" } }), body);
    expect(error).toMatchObject({ status: 429, code: "rate_limit_exceeded", message: "Slow down.", retryAfter: 7 });
  });

  it("gives a message of its own to a body of another shape", () => {
    const error = requestErrorFrom(new Response(null, { status: 504 }), "<html>");
    expect(error).toMatchObject({ status: 504, code: "unknown", retryAfter: null });
    expect(error.message).toMatch(/did not answer/);
  });

  describe("with the clock at a known instant", () => {
    afterEach(() => vi.useRealTimers());

    it.each([
      ["120", 120],
      ["Fri, 20 Nov 2026 08:31:30 GMT", 90],
      ["soon", null],
    ])("reads Retry-After %s as %s s, through the parser the proxy uses", (header, seconds) => {
      vi.useFakeTimers({ now: Date.parse("2026-11-20T08:30:00Z") });
      const error = requestErrorFrom(
        new Response(null, { status: 429, headers: { "Retry-After": header } }),
        undefined,
      );
      expect(error.retryAfter).toBe(seconds);
    });
  });
});
