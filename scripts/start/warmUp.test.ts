import { describe, expect, it } from "vitest";
import { firstWarmUpPaths, machineZone, workspaceWarmUpPath } from "./warmUp.mjs";

describe("npm start's warm-up", () => {
  it("asks for the API's code, then the default view in a zone, so its first screen is fetched while it renders", () => {
    expect(firstWarmUpPaths("Europe/Berlin")).toEqual(["/api/me", "/?timezone=Europe%2FBerlin"]);
  });

  it("then the same view at the workspace's own address, named by the meta tag `/` writes", () => {
    const html = '<head><meta name="linklens-workspace" content="acme-team"/></head>';
    expect(workspaceWarmUpPath(html, "UTC")).toBe("/w/acme-team?timezone=UTC");
  });

  it("asks for no workspace when `/` showed none (sign-in first, the welcome page, a failed request)", () => {
    expect(workspaceWarmUpPath("<html><body>Sign in</body></html>", "UTC")).toBeNull();
    expect(workspaceWarmUpPath("", "UTC")).toBeNull();
  });

  it("warms this machine's zone, one the runtime knows", () => {
    expect(() => new Intl.DateTimeFormat("en", { timeZone: machineZone() })).not.toThrow();
  });
});
