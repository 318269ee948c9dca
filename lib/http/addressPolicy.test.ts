import { describe, expect, it } from "vitest";
import { INTERNAL_SPELLINGS } from "./testing/spellings";
import { AddressPolicy, addressPolicyFrom, internalKind, parseAllowedHosts, type Resolver } from "./addressPolicy";

const resolver =
  (answers: Record<string, string[]>): Resolver =>
  (hostname) =>
    Promise.resolve(answers[hostname] ?? []);

describe("the address policy", () => {
  it("calls each spelling of an internal address internal, and public ones public", () => {
    for (const spelled of INTERNAL_SPELLINGS.filter((url) => !url.includes("localhost"))) {
      expect(internalKind(new URL(spelled).hostname), spelled).not.toBeNull();
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "[2606:4700::1111]", "::ffff:8.8.8.8"])
      expect(internalKind(address), address).toBeNull();
  });

  it("refuses every spelling when an owner saves it, with what it is and how to allow it", async () => {
    const policy = new AddressPolicy([], resolver({ localhost: ["127.0.0.1", "::1"] }));
    for (const spelled of INTERNAL_SPELLINGS) {
      const refusal = await policy.refusal(new URL(spelled));
      expect(refusal, spelled).toMatch(/is (a|an|the) .*address.*LINK_API_ALLOWED_HOSTS/);
    }
    expect(await policy.refusal(new URL("http://127.1:8080"))).toMatch(/^127\.0\.0\.1 is a loopback address/);
  });

  it("refuses a name when one of its addresses is internal", async () => {
    const policy = new AddressPolicy(
      [],
      resolver({ "mixed.example": ["93.184.216.34", "10.1.2.3"], "public.example": ["93.184.216.34"] }),
    );
    expect(await policy.refusal(new URL("https://mixed.example"))).toMatch(
      /^mixed\.example \(10\.1\.2\.3\) is a private network address/,
    );
    expect(await policy.refusal(new URL("https://public.example"))).toBeNull();
    // Not resolvable yet: passes here, every connection checks again.
    expect(await policy.refusal(new URL("https://unknown.example"))).toBeNull();
  });

  it("allows what LINK_API_ALLOWED_HOSTS and LINK_API_BASE_URL name, on their port", async () => {
    const policy = addressPolicyFrom(
      {
        LINK_API_ALLOWED_HOSTS: " platform.internal:8787, 10.20.0.0/16 ,[::1]:9000, 127.0.0.2",
        LINK_API_BASE_URL: "http://127.0.0.1:8787",
      },
      resolver({ "platform.internal": ["10.9.9.9"] }),
    );
    expect(await policy.refusal(new URL("http://platform.internal:8787"))).toBeNull();
    expect(await policy.refusal(new URL("http://platform.internal:8788"))).not.toBeNull();
    expect(await policy.refusal(new URL("https://10.20.3.4"))).toBeNull();
    expect(await policy.refusal(new URL("https://10.21.3.4"))).not.toBeNull();
    expect(await policy.refusal(new URL("http://[::1]:9000"))).toBeNull();
    expect(await policy.refusal(new URL("http://[0:0::1]:9000"))).toBeNull();
    expect(await policy.refusal(new URL("http://[::1]:9001"))).not.toBeNull();
    expect(await policy.refusal(new URL("http://127.0.0.2:1234"))).toBeNull();
    expect(await policy.refusal(new URL("http://127.0.0.1:8787"))).toBeNull();
    expect(await policy.refusal(new URL("http://2130706433:8787"))).toBeNull();
    expect(await policy.refusal(new URL("http://127.0.0.1:8788"))).not.toBeNull();
  });

  it("reads LINK_API_ALLOWED_HOSTS strictly; a bad entry refuses everything, saying what to fix", async () => {
    expect(parseAllowedHosts("")).toEqual({ ok: true, entries: [] });
    expect(parseAllowedHosts("10.0.0.0/33")).toMatchObject({
      ok: false,
      message: expect.stringContaining('"10.0.0.0/33" is not a CIDR'),
    });
    expect(parseAllowedHosts("http://x/y")).toMatchObject({ ok: false });
    expect(parseAllowedHosts("a b")).toMatchObject({ ok: false });
    const policy = addressPolicyFrom({
      LINK_API_ALLOWED_HOSTS: "10.0.0.0/99",
      LINK_API_BASE_URL: "http://127.0.0.1:8787",
    });
    expect(await policy.refusal(new URL("http://127.0.0.1:8787"))).toMatch(/LINK_API_ALLOWED_HOSTS: "10.0.0.0\/99"/);
  });
});
