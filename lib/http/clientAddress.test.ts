import { describe, expect, it } from "vitest";
import { bucketOf, clientAddressResolver, loopbackClientResolver, trustedProxies } from "./clientAddress";
import { installPeerStamp, PEER_HEADER } from "./peerStamp";

installPeerStamp();
const from = (peer: string, forwardedFor?: string) =>
  new Headers({ [PEER_HEADER]: peer, ...(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }) });

describe("clientAddress", () => {
  it("without TRUSTED_PROXIES: the socket's address, whatever X-Forwarded-For says", () => {
    const of = clientAddressResolver([]);
    expect(of(from("203.0.113.5"))).toBe("203.0.113.5");
    expect(of(from("203.0.113.5", "198.51.100.1"))).toBe("203.0.113.5");
    expect(of(from("203.0.113.5", "198.51.100.1, 198.51.100.2"))).toBe("203.0.113.5");
    expect(of(from("::ffff:203.0.113.5"))).toBe("203.0.113.5");
  });

  it("with TRUSTED_PROXIES: the rightmost untrusted X-Forwarded-For entry; what the client wrote left of it is ignored", () => {
    const of = clientAddressResolver(trustedProxies("10.0.0.0/24, 10.0.1.7"));
    expect(of(from("10.0.0.3", "198.51.100.1"))).toBe("198.51.100.1");
    expect(of(from("10.0.0.3", "192.0.2.66, 198.51.100.1"))).toBe("198.51.100.1");
    expect(of(from("10.0.0.3", "192.0.2.66, 198.51.100.1, 10.0.1.7"))).toBe("198.51.100.1");
    // Not from a trusted proxy: its header is the client's say.
    expect(of(from("203.0.113.5", "198.51.100.1"))).toBe("203.0.113.5");
    // A trusted proxy passing on something that is no address: the proxy is the client we know.
    expect(of(from("10.0.0.3", "not-an-ip"))).toBe("10.0.0.3");
    expect(of(from("10.0.0.3"))).toBe("10.0.0.3");
  });

  it("an IPv6 client is its /64", () => {
    expect(bucketOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::");
    expect(bucketOf("2001:db8:1:2:bbbb::9")).toBe("2001:db8:1:2::");
    expect(bucketOf("2001:db8:1:3::1")).not.toBe(bucketOf("2001:db8:1:2::1"));
  });

  it("TRUSTED_PROXIES names what is not an address or range", () => {
    expect(trustedProxies(undefined)).toEqual([]);
    expect(trustedProxies(" 10.0.0.0/8 ::1 ")).toEqual(["10.0.0.0/8", "::1"]);
    for (const bad of ["10.0.0.0/33", "proxy.internal", "10.0.0.0/8/1", "loopback"])
      expect(() => trustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
  });

  it("a client on this machine is one whose own address is a loopback one, as the socket says; what a client writes does not make it local", () => {
    const local = loopbackClientResolver([]);
    for (const peer of ["127.0.0.1", "127.8.0.3", "::1", "::ffff:127.0.0.1"])
      expect(local(from(peer)), peer).toBe(true);
    for (const peer of ["203.0.113.5", "10.0.0.3", "::ffff:203.0.113.5", "2001:db8::1"])
      expect(local(from(peer)), peer).toBe(false);
    // A remote client claiming to be local is not.
    expect(local(from("203.0.113.5", "127.0.0.1"))).toBe(false);
    // Behind a trusted reverse proxy on this machine, the client is the one it names.
    const behindProxy = loopbackClientResolver(trustedProxies("127.0.0.1"));
    expect(behindProxy(from("127.0.0.1", "198.51.100.1"))).toBe(false);
    expect(behindProxy(from("127.0.0.1", "127.0.0.1"))).toBe(true);
    // No stamped address: not known to be local.
    expect(local(new Headers())).toBe(false);
  });
});
