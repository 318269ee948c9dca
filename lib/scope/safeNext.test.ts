import { describe, expect, it } from "vitest";
import { safeNext } from "./safeNext";

describe("safeNext", () => {
  it.each([
    ["/w/acme?interval=7d", "/w/acme?interval=7d"],
    ["/w/acme#events", "/w/acme#events"],
    ["/w/acme/../globex", "/w/globex"],
  ])("keeps %s, a path of this dashboard, as %s", (next, kept) => {
    expect(safeNext(next)).toBe(kept);
  });

  it.each([
    undefined,
    "",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "/\\/evil.example",
    "w/acme",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/x",
    "/ /evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/%09/evil.example",
  ])("sends %j home instead", (next) => {
    const kept = safeNext(next);
    expect(kept === "/" || !new URL(kept, "http://dashboard.invalid").pathname.startsWith("//")).toBe(true);
    expect(new URL(kept, "https://linklens.example").origin).toBe("https://linklens.example");
    if (next !== "/ /evil.example" && next !== "/%09/evil.example") expect(kept).toBe("/");
  });
});
