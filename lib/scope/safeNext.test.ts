import { describe, expect, it } from "vitest";
import { safeNext } from "./safeNext";

describe("safeNext", () => {
  it("keeps a path of this dashboard", () => {
    expect(safeNext("/w/acme?interval=7d")).toBe("/w/acme?interval=7d");
  });

  it.each([undefined, "", "https://evil.example/", "//evil.example/", "/\\evil.example", "w/acme"])("sends %s home instead", (next) => {
    expect(safeNext(next)).toBe("/");
  });
});
