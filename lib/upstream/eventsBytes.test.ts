import { describe, expect, it } from "vitest";
import { clickEvent, leadEvent, saleEvent, sampleLink } from "../contract/testing/events";
import { redactEventsBytes } from "./eventsBytes";
import { MASKED, RESTRICTED, redactEvents, type Disclosure } from "./privacy";

const DISCLOSURES: Disclosure[] = [MASKED, RESTRICTED, { revealIps: true }, { revealIps: true, hideEmails: true }];

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (out: Uint8Array | null) => (out === null ? null : new TextDecoder().decode(out));

/** The bytes pass's result, parsed; it must equal what parsing and redacting the elements gives. */
function agrees(body: string) {
  for (const disclosure of DISCLOSURES) {
    const out = text(redactEventsBytes(bytes(body), disclosure));
    expect(out, `${disclosure.revealIps} ${disclosure.hideEmails}: ${body.slice(0, 80)}`).not.toBeNull();
    expect(JSON.parse(out ?? "")).toEqual(JSON.parse(JSON.stringify(redactEvents(JSON.parse(body), disclosure))));
  }
}

describe("a page of events redacted on its bytes", () => {
  const protectedLink = { ...sampleLink, password: "vip123" };
  const customer = { id: "cus_1", name: "Ada", email: "ada@example.com", avatar: null };

  it("gives what parsing and redacting gives, on every kind and disclosure", () => {
    agrees(
      JSON.stringify([
        { ...clickEvent({ ip: "203.0.113.9" }), link: protectedLink },
        { ...leadEvent(), link: protectedLink, customer },
        { ...saleEvent(4900, "usd"), link: sampleLink, customer: { ...customer, email: null } },
        { ...clickEvent({ ip: "2001:db8:85a3::8a2e:370:7334" }), extra: { ip: "198.51.100.1", email: "x@y.z" } },
      ]),
    );
  });

  it("keeps the platform's bytes where nothing is redacted, whitespace and number spelling included", () => {
    const body =
      ' [ {"event" : "click", "n": 1.50e+3, "s": "caf\\u00e9 \\"q\\"", "a": [true, false, null, {"ip": "1.2.3.4"}]} ] ';
    const out = text(redactEventsBytes(bytes(body), { revealIps: true }));
    expect(out).toBe(body);
    agrees(body);
  });

  it("leaves the link's password out wherever it stands among the link's members", () => {
    for (const link of [
      '{"password":"a","id":"l"}',
      '{"id":"l","password":"a"}',
      '{"id":"l", "password" : {"x":[1]} , "url":"u"}',
      '{"password":"a"}',
      '{"password":"a","password":"b","id":"l"}',
      '{"id":"l","password":"a","password":"b"}',
    ]) {
      const body = `[{"event":"click","link":${link}}]`;
      agrees(body);
      expect(text(redactEventsBytes(bytes(body), MASKED))).not.toContain("password");
    }
  });

  it("masks only strings, and only where an event keeps an IP", () => {
    agrees(
      '[{"ip":null,"click":{"ip":7},"link":"not a record","customer":["email"]}, 3, "x", [{"ip":"1.2.3.4"}], null]',
    );
    agrees('[{"click":{"ip":"1.2.3.4"},"ip":"1.2.3.4","customer":{"email":"a@b.c"}}]');
    agrees("[]");
    agrees(" [ ] ");
  });

  it("hands back to parsing what it cannot read by bytes", () => {
    for (const body of [
      '[{"click":{"\\u0069p":"1.2.3.4"}}]',
      '[{"click":{"ip":"1.2.3.\\u0034"}}]',
      '[{"l\\u0069nk":{"password":"a"}}]',
    ])
      expect(redactEventsBytes(bytes(body), MASKED)).toBeNull();
  });

  it("refuses what is not a JSON array, as parsing does", () => {
    for (const body of ["{}", '"x"', "3", "null"]) expect(redactEventsBytes(bytes(body), MASKED), body).toBeNull();
    for (const body of [
      "",
      "[",
      "[1,]",
      "[1 2]",
      '[{"a":1,}]',
      '[{"a" 1}]',
      "[01]",
      "[1.]",
      "[-]",
      "[1e]",
      "[tru]",
      "[nul]",
      '["a\nb"]',
      '["\\x"]',
      '["\\u12"]',
      '["abc]',
      "[] x",
      "\ufeff[]",
      "<html></html>",
    ]) {
      expect(() => JSON.parse(body), body).toThrow();
      expect(redactEventsBytes(bytes(body), MASKED), body).toBeNull();
    }
  });
});
