import { describe, expect, it } from "vitest";
import { isServedHost } from "./hosts";

describe("isServedHost", () => {
  it("PUBLIC_URL's host (with its port) besides loopback; nothing else", () => {
    const publicUrl = "https://linklens.example.com";
    expect(isServedHost("linklens.example.com", publicUrl)).toBe(true);
    expect(isServedHost("LINKLENS.example.com", publicUrl)).toBe(true);
    expect(isServedHost("linklens.example.com:8443", publicUrl)).toBe(false);
    expect(isServedHost("linklens.example.com:8443", "https://linklens.example.com:8443/")).toBe(true);
    expect(isServedHost("127.0.0.1:3000", publicUrl)).toBe(true);
    expect(isServedHost("other.example.com", publicUrl)).toBe(false);
    expect(isServedHost(null, publicUrl)).toBe(false);
  });
});
