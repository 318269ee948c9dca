import { describe, expect, it } from "vitest";
import { safeNext } from "./safeNext";
import { signInPath } from "./signInPath";

/** What the sign-in page reads back out of the address: where it then sends the person. */
function landing(path: string): string {
  const next = new URL(path, "http://dashboard.invalid").searchParams.get("next") ?? undefined;
  return safeNext(next);
}

describe("signInPath", () => {
  it("keeps the whole pasted view, path and query, through sign-in", () => {
    const search = new URLSearchParams("interval=30d&country=US,DE&device=Mobile");
    const path = signInPath("/w/default", search);
    expect(path.startsWith("/sign-in?next=")).toBe(true);
    expect(landing(path)).toBe("/w/default?interval=30d&country=US%2CDE&device=Mobile");
    const back = new URL(landing(path), "http://dashboard.invalid");
    expect(back.searchParams.get("country")).toBe("US,DE");
    expect(back.searchParams.get("device")).toBe("Mobile");
  });

  it("keeps repeated names and a view at /", () => {
    const search = new URLSearchParams([
      ["tagId", "a"],
      ["tagId", "b"],
      ["interval", "7d"],
    ]);
    expect(landing(signInPath("/", search))).toBe("/?tagId=a&tagId=b&interval=7d");
    expect(landing(signInPath("/w/acme/settings"))).toBe("/w/acme/settings");
  });

  it("sends a path the safe-next rule refuses to plain sign-in", () => {
    expect(signInPath("//evil.example/x")).toBe("/sign-in");
    expect(signInPath("/")).toBe("/sign-in");
  });
});
