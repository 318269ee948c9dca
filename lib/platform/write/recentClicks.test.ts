import { describe, expect, it } from "vitest";
import type { ClickRow } from "./eventRows";
import { RecentClicks } from "./recentClicks";

const click = (id: string, workspaceId = "ws_1"): ClickRow => ({
  id,
  workspaceId,
  linkId: "link_1",
  timestamp: new Date("2026-01-01T00:00:00Z"),
  url: "https://example.com",
  country: "GB",
  city: "London",
  region: "GB-ENG",
  continent: "EU",
  device: "Desktop",
  browser: "Chrome",
  os: "Windows",
  ua: null,
  trigger: "link",
  referer: "(direct)",
  refererUrl: "(direct)",
  ip: "81.2.69.142",
});

describe("RecentClicks", () => {
  it("finds a committed click in its own workspace only", () => {
    const recent = new RecentClicks();
    recent.committed([click("c1")]);
    expect(recent.find("ws_1", "c1")?.id).toBe("c1");
    expect(recent.find("ws_2", "c1")).toBeUndefined();
    expect(recent.find("ws_1", "c2")).toBeUndefined();
  });

  it("drops the oldest click past its capacity", () => {
    const recent = new RecentClicks(2);
    recent.committed([click("c1"), click("c2"), click("c3")]);
    expect(recent.find("ws_1", "c1")).toBeUndefined();
    expect(recent.find("ws_1", "c3")?.id).toBe("c3");
  });

  it("forgets a click with its conversion id, so a kept click is a conversion click exactly when known as one", () => {
    const recent = new RecentClicks(2);
    recent.committed([click("c1"), click("c2")]);
    recent.conversionAdded("c1");
    recent.conversionAdded("c2");
    recent.conversionAdded("c3");
    expect(recent.isConversion("c1")).toBe(false);
    expect(recent.find("ws_1", "c1")).toBeUndefined();
    expect(recent.isConversion("c2")).toBe(true);
  });

  it("forgets everything when events leave the store", () => {
    const recent = new RecentClicks();
    recent.committed([click("c1")]);
    recent.conversionAdded("c1");
    recent.forget();
    expect(recent.find("ws_1", "c1")).toBeUndefined();
    expect(recent.isConversion("c1")).toBe(false);
  });
});
