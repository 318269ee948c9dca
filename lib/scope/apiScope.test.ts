import { describe, expect, it } from "vitest";
import { apiScopeOf, scopedApiPath } from "./apiScope";

describe("scopedApiPath", () => {
  it("sends a workspace's requests to that workspace, and a share link's through its link", () => {
    expect(scopedApiPath(apiScopeOf({ kind: "workspace", slug: "acme" }), "/api/events?limit=1")).toBe(
      "/api/w/acme/events?limit=1",
    );
    expect(scopedApiPath(apiScopeOf({ kind: "share", token: "tok_123" }), "/api/analytics?groupBy=count")).toBe(
      "/api/s/tok_123/analytics?groupBy=count",
    );
  });

  it("leaves the default workspace's and non-API paths alone", () => {
    expect(scopedApiPath(apiScopeOf({ kind: "default" }), "/api/events")).toBe("/api/events");
    expect(scopedApiPath("w/acme", "/flags/us.svg")).toBe("/flags/us.svg");
  });

  it("cannot be steered by a slug or token holding a path", () => {
    expect(scopedApiPath(apiScopeOf({ kind: "workspace", slug: "../s/x" }), "/api/live")).toBe(
      "/api/w/..%2Fs%2Fx/live",
    );
  });
});
