import { describe, expect, it } from "vitest";
import { maskIp } from "./maskIp";

describe("maskIp", () => {
  it("masks the last IPv4 octet", () => {
    expect(maskIp("203.0.113.42")).toBe("203.0.113.•••");
  });
  it("keeps the /48 prefix of IPv6 and masks the rest", () => {
    expect(maskIp("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:•••:•••:•••:•••:•••");
    expect(maskIp("2001:db8::1")).toBe("2001:db8:0:•••:•••:•••:•••:•••");
    expect(maskIp("::1")).toBe("0:0:0:•••:•••:•••:•••:•••");
  });
  it("masks the IPv4 part of an IPv4-mapped address", () => {
    expect(maskIp("::ffff:198.51.100.7")).toBe("::ffff:198.51.100.•••");
  });
  it("hides anything it cannot read", () => {
    expect(maskIp("not-an-ip")).toBe("•••");
    expect(maskIp("")).toBe("");
  });
  it("leaves a masked address as it is: the server masks, then the browser", () => {
    for (const ip of ["203.0.113.42", "2001:db8::1", "::ffff:198.51.100.7", "not-an-ip", ""])
      expect(maskIp(maskIp(ip))).toBe(maskIp(ip));
  });
});
