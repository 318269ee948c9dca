import { describe, expect, it } from "vitest";
import { visitorIp } from "./visitorIp";

describe("the visitor's address", () => {
  it("is the peer's, or the one a peer on this machine forwards", () => {
    expect(visitorIp("203.0.113.9", "81.2.69.142")).toBe("203.0.113.9");
    expect(visitorIp("127.0.0.1", "81.2.69.142, 10.0.0.1")).toBe("81.2.69.142");
    expect(visitorIp("::ffff:127.0.0.1", "2a02:8108::1")).toBe("2a02:8108::1");
    expect(visitorIp("::1", "not-an-ip")).toBe("::1");
    expect(visitorIp("127.0.0.1", undefined)).toBe("127.0.0.1");
  });
});
