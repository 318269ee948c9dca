import { describe, expect, it } from "vitest";
import { sameSecret } from "./sameSecret";

describe("sameSecret", () => {
  it("equal texts match, any difference does not, whatever the lengths", () => {
    expect(sameSecret("s3cret-token", "s3cret-token")).toBe(true);
    expect(sameSecret("", "")).toBe(true);
    expect(sameSecret("Zürich ✓", "Zürich ✓")).toBe(true);
    for (const other of ["s3cret-tokeN", "s3cret-toke", "s3cret-token ", "", "s3cret-token\u0000"])
      expect(sameSecret(other, "s3cret-token")).toBe(false);
  });
});
