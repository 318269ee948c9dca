import { describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { REFUSED_BY_HEADER } from "../http/refusedBy";
import { writesBodyItself, writtenBodyOf } from "../http/writtenBody";
import { failure, relay, relayEncoded } from "./relay";

const reply = (status: number, body: string, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers: new Headers(headers),
});

describe("relay", () => {
  it("keeps status and body, passes the rate headers and nothing else", async () => {
    const response = relay(
      reply(200, '[{"event":"click"}]', {
        "x-ratelimit-limit": "4",
        "x-ratelimit-remaining": "3",
        "x-ratelimit-reset": "1795316494",
        "set-cookie": "a=b",
        server: "hono",
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('[{"event":"click"}]');
    expect(Object.fromEntries(response.headers)).toEqual({
      "cache-control": "private, no-store",
      "content-type": "application/json",
      "x-ratelimit-limit": "4",
      "x-ratelimit-remaining": "3",
      "x-ratelimit-reset": "1795316494",
    });
  });

  describe("says where the reply came from", () => {
    const rated = () =>
      reply(200, "[]", {
        "x-ratelimit-limit": "4",
        "x-ratelimit-remaining": "3",
        "x-ratelimit-reset": "1795316494",
        "retry-after": "1",
      });

    it.each(["miss", "shared"] as const)("%s: the window's headers are the reply's own, so they pass", (outcome) => {
      expect(Object.fromEntries(relay(rated(), outcome).headers)).toEqual({
        "cache-control": "private, no-store",
        "content-type": "application/json",
        "x-linklens-cache": outcome,
        "x-ratelimit-limit": "4",
        "x-ratelimit-remaining": "3",
        "x-ratelimit-reset": "1795316494",
        "retry-after": "1",
      });
    });

    it("hit: only the limit passes; a kept reply's remaining, reset and Retry-After are stale", () => {
      expect(Object.fromEntries(relay(rated(), "hit").headers)).toEqual({
        "cache-control": "private, no-store",
        "content-type": "application/json",
        "x-linklens-cache": "hit",
        "x-ratelimit-limit": "4",
      });
    });
  });

  it("passes a spec-shaped error through untouched, with Retry-After", async () => {
    const body = JSON.stringify({
      error: { code: "rate_limit_exceeded", message: "Slow down.", doc_url: "https://x.dev#rate-limit-exceeded" },
    });
    const response = relay(reply(429, body, { "retry-after": "2" }));
    expect([response.status, await response.text(), response.headers.get("retry-after")]).toEqual([429, body, "2"]);
  });

  it.each([
    [502, "<html>Bad gateway</html>", "internal_server_error"],
    [401, "", "unauthorized"],
    [429, "Too many", "rate_limit_exceeded"],
  ])("puts a bare %i into the spec's shape", async (status, body, code) => {
    const response = relay(reply(status, body));
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).error).toMatchObject({
      code,
      message: `The link platform did not answer as a link attribution platform (status ${status}, no error in the API's shape).`,
    });
  });

  it("marks the platform's 401 as its refusal of the workspace's key, and nothing else", () => {
    const refused = relay(reply(401, '{"error":{"code":"unauthorized","message":"Invalid API key.","doc_url":"x"}}'));
    expect(refused.headers.get(REFUSED_BY_HEADER)).toBe("workspace-key");
    for (const status of [200, 403, 429])
      expect(
        relay(reply(status, '{"error":{"code":"x","message":"y","doc_url":"z"}}')).headers.get(REFUSED_BY_HEADER),
      ).toBeNull();
  });

  it("turns an unexpected failure into a 500 that says nothing about it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = failure(new Error("connect to https://key:sk_123@host failed"));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("sk_123");
    expect(log.mock.calls.flat().join(" ")).not.toContain("sk_123");
    log.mockRestore();
  });
});

describe("relayEncoded", () => {
  const request = () => new Request("http://localhost/api/events");
  const body = JSON.stringify(
    Array.from({ length: 100 }, (_, i) => ({ event: "click", click: { ip: `203.0.113.•••`, id: `c${i}` } })),
  );

  it("a 200: the same body and headers as relay's, from bytes encoded once", async () => {
    const kept = reply(200, body, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "3" });
    const response = relayEncoded(kept, "hit", request());
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual(Object.fromEntries(relay(kept, "hit").headers));
    expect(writtenBodyOf(response)).toBeUndefined();
    expect(await response.text()).toBe(body);
    expect(await relayEncoded(kept, "hit", request()).text()).toBe(body);
  });

  it("a 200 to a request whose server writes the body itself: the same headers, the bytes beside it and no stream", async () => {
    const kept = reply(200, body, { "x-ratelimit-limit": "4" });
    const direct = request();
    writesBodyItself(direct);
    const response = relayEncoded(kept, "hit", direct);
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(Object.fromEntries(response.headers)).toEqual(Object.fromEntries(relay(kept, "hit").headers));
    expect(new TextDecoder().decode(writtenBodyOf(response))).toBe(body);
    // The bytes kept for the reply: the same for every hit, never copied.
    expect(writtenBodyOf(relayEncoded(kept, "hit", direct))).toBe(writtenBodyOf(response));
  });

  it("anything but a 200 is relay's: an HTML error page is still replaced", async () => {
    const response = relayEncoded(reply(502, "<html>bad gateway</html>"), "miss", request());
    expect(response.status).toBe(502);
    expect(errorBodySchema.parse(await response.json()).error.message).toContain(
      "did not answer as a link attribution platform",
    );
  });
});
