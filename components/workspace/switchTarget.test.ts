import { describe, expect, it } from "vitest";
import { switchTarget } from "./switchTarget";

const target = (current: string, defaultView: string | null = null) =>
  switchTarget("globex", new URLSearchParams(current), defaultView);

describe("the workspace switcher's address", () => {
  it("keeps the range, its zone and the filters", () => {
    expect(target("interval=30d&timezone=Europe/Berlin&country=US,DE&device=-Mobile")).toBe(
      "/w/globex?interval=30d&timezone=Europe%2FBerlin&country=US%2CDE&device=-Mobile",
    );
  });
  it("drops filters on the other workspace's ids (links, tags, folders), which mean nothing there", () => {
    expect(target("interval=7d&linkId=link_1&tagId=tag_1&country=US")).toBe("/w/globex?interval=7d&country=US");
  });
  it("opens the workspace's default view, the current range and filters over it", () => {
    expect(target("", "?event=sales&interval=90d&device=Desktop")).toBe(
      "/w/globex?event=sales&interval=90d&device=Desktop",
    );
    expect(target("start=2026-11-01&end=2026-11-07&country=FR", "?event=sales&interval=90d&device=Desktop")).toBe(
      "/w/globex?event=sales&device=Desktop&start=2026-11-01&end=2026-11-07&country=FR",
    );
  });
  it("a bare workspace stays bare", () => {
    expect(target("")).toBe("/w/globex");
  });
});
