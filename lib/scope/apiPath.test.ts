import { describe, expect, it } from "vitest";
import { scopedApiPath } from "./apiPath";

describe("scopedApiPath", () => {
  it("sends a workspace page's requests to its workspace, and a share link's through its link", () => {
    expect(scopedApiPath("/api/events?limit=1", "/w/acme")).toBe("/api/w/acme/events?limit=1");
    expect(scopedApiPath("/api/live", "/w/acme/settings")).toBe("/api/w/acme/live");
    expect(scopedApiPath("/api/analytics?groupBy=count", "/s/tok_123")).toBe("/api/s/tok_123/analytics?groupBy=count");
  });

  it("leaves other pages' and non-API paths alone", () => {
    expect(scopedApiPath("/api/events", "/")).toBe("/api/events");
    expect(scopedApiPath("/api/events", null)).toBe("/api/events");
    expect(scopedApiPath("/flags/us.svg", "/w/acme")).toBe("/flags/us.svg");
  });
});

describe("scopedApiPath at /", () => {
  it("goes to the workspace / shows, when the page names it", () => {
    expect(scopedApiPath("/api/analytics?groupBy=count", "/", "acme")).toBe("/api/w/acme/analytics?groupBy=count");
    expect(scopedApiPath("/api/events", "/", null)).toBe("/api/events");
    expect(scopedApiPath("/api/events", "/w/globex", "acme")).toBe("/api/w/globex/events");
  });
});
