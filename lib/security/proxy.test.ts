import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { proxy } from "../../proxy";

/** proxy.ts in front of every request: hosts, other sites, CSRF and the security headers. */

const CSRF = "ab".repeat(24);

function request(path: string, init: { method?: string; headers?: Record<string, string> } = {}): NextRequest {
  return new NextRequest(`http://127.0.0.1:3000${path}`, {
    method: init.method ?? "GET",
    headers: { host: "127.0.0.1:3000", ...init.headers },
  });
}

async function refusal(response: Response): Promise<string> {
  return errorBodySchema.parse(await response.json()).error.code;
}

describe("proxy.ts", () => {
  it("serves loopback names only (PUBLIC_URL unset): another Host is how DNS rebinding would reach it", async () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "localhost"])
      expect(proxy(request("/api/events", { headers: { host } })).status).toBe(200);
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "127.0.0.1.evil.example",
      "localhost.evil.example:3000",
      "",
    ]) {
      const response = proxy(request("/w/acme", { headers: { host } }));
      expect(response.status).toBe(400);
      expect(await refusal(response)).toBe("bad_request");
    }
  });

  it("refuses other sites on /api (Sec-Fetch-Site, else Origin), except the webhook receiver and the OIDC callback", async () => {
    const otherSites: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "http://127.0.0.1:3001" },
    ];
    for (const headers of otherSites) {
      const response = proxy(request("/api/events?limit=1", { headers }));
      expect(response.status).toBe(403);
      expect(await refusal(response)).toBe("forbidden");
    }
    expect(
      proxy(request("/api/events", { headers: { "sec-fetch-site": "same-origin", origin: "http://127.0.0.1:3000" } }))
        .status,
    ).toBe(200);
    expect(proxy(request("/api/events", { headers: { "sec-fetch-site": "none" } })).status).toBe(200);
    expect(
      proxy(request("/api/webhooks", { method: "POST", headers: { "sec-fetch-site": "cross-site" } })).status,
    ).toBe(200);
    expect(
      proxy(request("/api/auth/callback/oidc?code=x&state=y", { headers: { "sec-fetch-site": "same-site" } })).status,
    ).toBe(200);
    expect(
      proxy(request("/api/auth/callback/oidc", { method: "POST", headers: { "sec-fetch-site": "cross-site" } })).status,
    ).toBe(403);
  });

  it("CSRF: a state-changing /api request needs the header to match the cookie", async () => {
    const same = { "sec-fetch-site": "same-origin" };
    expect(proxy(request("/api/w/acme/views", { method: "POST", headers: same })).status).toBe(403);
    expect(
      proxy(request("/api/w/acme/views", { method: "POST", headers: { ...same, cookie: `linklens_csrf=${CSRF}` } }))
        .status,
    ).toBe(403);
    expect(
      proxy(
        request("/api/w/acme/views", {
          method: "DELETE",
          headers: { ...same, cookie: `linklens_csrf=${CSRF}`, "x-linklens-csrf": "cd".repeat(24) },
        }),
      ).status,
    ).toBe(403);
    expect(
      proxy(
        request("/api/auth/sign-in/email", {
          method: "POST",
          headers: { ...same, cookie: `linklens_csrf=${CSRF}`, "x-linklens-csrf": CSRF },
        }),
      ).status,
    ).toBe(200);
    expect(proxy(request("/api/w/acme/views", { method: "GET", headers: same })).status).toBe(200);
  });

  it("pages carry a nonce CSP with frame-ancestors 'none', no-referrer and nosniff, and get a CSRF cookie", () => {
    const response = proxy(request("/w/acme"));
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("set-cookie")).toMatch(/^linklens_csrf=[0-9a-f]{48}; Path=\/; SameSite=strict$/);
    expect(proxy(request("/w/acme")).headers.get("content-security-policy")).not.toBe(csp);
    expect(proxy(request("/api/events")).headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe("proxy.ts's matcher", () => {
  it("skips the webhook receiver (Next would buffer its body for the proxy first) and nothing else", async () => {
    const { unstable_doesMiddlewareMatch } = await import("next/experimental/testing/server");
    const { config } = await import("../../proxy");
    const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });
    expect(matches("/api/webhooks")).toBe(false);
    for (const url of [
      "/api/webhooks/x",
      "/api/webhooksx",
      "/api/events",
      "/api/w/acme/events",
      "/",
      "/w/acme",
      "/s/token",
    ])
      expect(matches(url), url).toBe(true);
  });
});
