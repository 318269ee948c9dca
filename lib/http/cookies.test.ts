import { describe, expect, it } from "vitest";
import { cookieFrom } from "./cookies";

describe("cookieFrom", () => {
  it("finds one cookie among others, decoded, and null when it is not there", () => {
    const header = "linklens_csrf=abc123; linklens_share_l1=a%2Bb%3D; other=x=y";
    expect(cookieFrom(header, "linklens_csrf")).toBe("abc123");
    expect(cookieFrom(header, "linklens_share_l1")).toBe("a+b=");
    expect(cookieFrom(header, "other")).toBe("x=y");
    expect(cookieFrom(header, "linklens_share_l2")).toBeNull();
    expect(cookieFrom(null, "x")).toBeNull();
    expect(cookieFrom("", "x")).toBeNull();
  });

  it("a value that is not valid percent-encoding is kept as sent, not a crash", () => {
    expect(cookieFrom("a=%E0%A4%A", "a")).toBe("%E0%A4%A");
  });
});
