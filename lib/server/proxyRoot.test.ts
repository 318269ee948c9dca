import { afterEach, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { dashboardProxy } from "./proxyRoot";

const request = (query: string) => new Request(`http://127.0.0.1:3000/api/events?${query}`);

describe("the dashboard's proxy", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is built once from the environment; misconfigured, it still answers, with the spec's 500 naming what to set", async () => {
    vi.stubEnv("LINK_API_BASE_URL", "http://api.example.com");
    vi.stubEnv("LINK_API_KEY", "k_secret_123");
    const proxy = dashboardProxy();

    const response = await proxy.forward("events", request("limit=1"));
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = errorBodySchema.parse(JSON.parse(text));
    expect(body.error.code).toBe("internal_server_error");
    expect(body.error.message).toMatch(/^The dashboard is not configured: LINK_API_BASE_URL must use https:\/\//);
    expect(text).not.toContain("k_secret_123");
    // The contract still refuses a bad query first.
    expect((await proxy.forward("events", request("limit=abc"))).status).toBe(400);

    vi.stubEnv("LINK_API_BASE_URL", "https://api.example.com");
    expect(dashboardProxy()).toBe(proxy);
  });
});
