import { describe, expect, it } from "vitest";
import { checkBaseUrl, FORM_NAMES, isLoopbackHost } from "./baseUrl.mjs";
import { upstreamConfig } from "./config";
import { GatewayError } from "./gatewayError";

describe("base URL rule", () => {
  it.each([
    "",
    "not a url",
    "https://user:pw@api.example.com",
    "https://api.example.com/?q=1",
    "http://api.example.com",
    "ftp://api.example.com",
  ])("in a page's form, the message for %j names the field, never an environment variable", (raw) => {
    const checked = checkBaseUrl(raw, FORM_NAMES);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.message).toMatch(/^The platform base URL /);
      expect(checked.message).not.toMatch(/LINK_API|[A-Z]{2,}_[A-Z]+/);
    }
  });

  it.each([
    ["https://api.example.com", "https://api.example.com"],
    ["https://api.example.com/", "https://api.example.com"],
    ["https://api.example.com/v1/", "https://api.example.com/v1"],
    ["http://127.0.0.1:8787", "http://127.0.0.1:8787"],
    ["http://127.3.2.1:9000/", "http://127.3.2.1:9000"],
    ["http://localhost:8787", "http://localhost:8787"],
    ["http://LOCALHOST:8787", "http://localhost:8787"],
    ["http://[::1]:8787", "http://[::1]:8787"],
    ["  https://api.example.com  ", "https://api.example.com"],
  ])("accepts %s", (raw, url) => {
    expect(checkBaseUrl(raw)).toEqual({ ok: true, url });
  });

  it.each([
    ["http://api.example.com", /must use https:\/\/ for api\.example\.com.*loopback/],
    ["http://10.0.0.5:8787", /must use https:\/\//],
    ["http://128.0.0.1", /must use https:\/\//],
    ["http://localhost.example.com", /must use https:\/\//],
    ["http://[::2]:8787", /must use https:\/\//],
    ["ftp://api.example.com", /must start with https:\/\//],
    ["api.example.com", /not a valid URL/],
    ["", /not set/],
    [undefined, /not set/],
    ["https://user:secret@api.example.com", /must not contain credentials/],
    ["https://api.example.com/?x=1", /query string/],
  ])("refuses %s", (raw, message) => {
    const result = checkBaseUrl(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it("does not echo credentials", () => {
    const result = checkBaseUrl("https://user:hunter2@api.example.com");
    expect(JSON.stringify(result)).not.toContain("hunter2");
  });

  it("knows the loopback hosts", () => {
    expect(["localhost", "127.0.0.1", "127.255.255.254", "[::1]"].every(isLoopbackHost)).toBe(true);
    expect(["0.0.0.0", "192.168.1.1", "::1", "example.com"].some(isLoopbackHost)).toBe(false);
  });
});

describe("upstream config", () => {
  const base = { LINK_API_BASE_URL: "http://127.0.0.1:8787/", LINK_API_KEY: "k_secret_123" };

  it("reads the environment with defaults", () => {
    expect(upstreamConfig(base)).toEqual({
      baseUrl: "http://127.0.0.1:8787",
      apiKey: "k_secret_123",
      timeoutMs: 15_000,
      cacheTtlMs: 10_000,
    });
    expect(upstreamConfig({ ...base, LINK_API_TIMEOUT_MS: "500", LINK_CACHE_TTL_MS: "0" })).toMatchObject({
      timeoutMs: 500,
      cacheTtlMs: 0,
    });
  });

  it.each([
    [{ ...base, LINK_API_BASE_URL: "http://api.example.com" }, /must use https/],
    [{ ...base, LINK_API_KEY: "" }, /LINK_API_KEY is not set/],
    [{ LINK_API_BASE_URL: base.LINK_API_BASE_URL }, /LINK_API_KEY is not set/],
    [{ ...base, LINK_API_TIMEOUT_MS: "soon" }, /LINK_API_TIMEOUT_MS must be/],
  ])("refuses a bad environment with a clear 500", (env, message) => {
    const error = upstreamConfig(env);
    expect(error).toBeInstanceOf(GatewayError);
    if (!(error instanceof GatewayError)) return;
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^The dashboard is not configured: /);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("k_secret_123");
  });
});
