import { describe, expect, it } from "vitest";
import { shortTarget } from "./shortTarget";

const DOMAINS = new Set(["acme.link", "go.acme.com"]);
let asked = 0;
const domains = () => {
  asked += 1;
  return Promise.resolve(DOMAINS);
};

describe("the short link a request names", () => {
  it("by Host, the root link at /", async () => {
    expect(await shortTarget("acme.link", "/pricing", domains)).toEqual({ domain: "acme.link", key: "pricing" });
    expect(await shortTarget("ACME.link:8787", "/", domains)).toEqual({ domain: "acme.link", key: "_root" });
  });

  it("by the loopback path form /r/{domain}/{key}", async () => {
    expect(await shortTarget("127.0.0.1:8787", "/r/go.acme.com/webinar", domains)).toEqual({
      domain: "go.acme.com",
      key: "webinar",
    });
    expect(await shortTarget("127.0.0.1:8787", "/r/acme.link", domains)).toEqual({ domain: "acme.link", key: "_root" });
    expect(await shortTarget("127.0.0.1:8787", "/r/acme.link/", domains)).toEqual({
      domain: "acme.link",
      key: "_root",
    });
    expect(await shortTarget("127.0.0.1:8787", "/r/unknown.link/x", domains)).toBeNull();
  });

  it("none for API requests, which never wait on the domains", async () => {
    asked = 0;
    for (const host of ["127.0.0.1:8787", "localhost:8787", "[::1]:8787", undefined])
      expect(await shortTarget(host, "/events", domains)).toBeNull();
    expect(asked).toBe(0);
    expect(await shortTarget("api.example.com", "/events", domains)).toBeNull();
  });
});
