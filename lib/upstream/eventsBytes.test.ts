import { describe, expect, it } from "vitest";
import { clickEvent, leadEvent, saleEvent, sampleLink } from "../contract/testing/events";
import { maskIp } from "../http/maskIp";
import { hasControlByte, redactEventsBytes } from "./eventsBytes";
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

  it("masks IPv4 addresses on their bytes as maskIp does, and anything else as maskIp does", () => {
    for (const ip of [
      "1.2.3.4",
      "255.255.255.255",
      "01.002.3.4",
      "1.2.3",
      "1.2.3.4.5",
      "1234.1.1.1",
      "1.2.3.4567",
      "1..3.4",
      " 1.2.3.4",
      "::ffff:192.0.2.1",
      "2001:db8::1",
      "1.2.3.•••",
      "",
    ])
      agrees(JSON.stringify([{ ...clickEvent({ ip }), ip }]));
  });

  it("masks IPv6 addresses written in full on their bytes as maskIp does, and any other spelling as maskIp does", () => {
    for (const ip of [
      "2600:1700:e6b5:ca1b:1eef:b1bc:e568:b02d",
      "2001:DB8:85A3:0:0:8A2E:370:7334",
      "0:0:0:0:0:0:0:0",
      ":a:b:c:d:e:f:1",
      "a:b:c:d:e:f:1:",
      "a:b:c:d:e:f:1:2:3",
      "a:b:c:d:e:f:1",
      "a:b:c:d::e:f:1",
      "a:b:c:d:e:f:g:h",
      "a:b:c:d:e:f:1.2.3.4",
      "a:b:c:•••:•••:•••:•••:•••",
      " a:b:c:d:e:f:1:2",
    ]) {
      agrees(JSON.stringify([{ ...clickEvent({ ip }), ip }]));
      const out = text(redactEventsBytes(bytes(JSON.stringify([{ ip }])), MASKED));
      expect(out).toBe(JSON.stringify([{ ip: maskIp(ip) }]));
    }
  });

  it("reads strings with escapes, and whitespace of every kind, as parsing does", () => {
    const events = [
      { ...clickEvent({ ip: "203.0.113.9" }), note: 'a "quoted" \\ path\tand\u00e9', link: protectedLink },
      { ...leadEvent(), link: { ...protectedLink, title: "back\\slash" }, customer },
      { ...clickEvent({ ip: "198.51.100.7" }), link: protectedLink },
    ];
    agrees(JSON.stringify(events));
    agrees(JSON.stringify(events, null, 2));
    agrees(JSON.stringify(events, null, "\t").replaceAll("\n", "\r\n"));
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

describe("hasControlByte", () => {
  /** A fixed sequence of bytes (a linear congruential generator), so a failure can be replayed. */
  function bytesFrom(seed: number, length: number, low: number): Uint8Array {
    const out = new Uint8Array(length);
    let state = seed;
    for (let k = 0; k < length; k++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      out[k] = low + (state % (256 - low));
    }
    return out;
  }

  it("finds a byte below 0x20 wherever it stands, whatever the alignment and the other bytes", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const clean = bytesFrom(seed, 37 + seed, 0x20);
      // Every offset into a larger buffer, so the word-wise part starts at every alignment.
      for (let offset = 0; offset < 4; offset++) {
        const padded = new Uint8Array(clean.length + 8);
        padded.set(clean, offset);
        const view = padded.subarray(offset, offset + clean.length);
        expect(hasControlByte(view)).toBe(false);
        for (const at of [0, 1, 2, 3, view.length >> 1, view.length - 2, view.length - 1])
          for (const byte of [0x00, 0x09, 0x0a, 0x1f]) {
            const one = view.slice();
            one[at] = byte;
            expect(hasControlByte(one), `seed ${seed}, byte ${byte} at ${at}`).toBe(true);
            const placed = padded.slice();
            placed[offset + at] = byte;
            expect(hasControlByte(placed.subarray(offset, offset + view.length))).toBe(true);
          }
      }
    }
    expect(hasControlByte(new Uint8Array(0))).toBe(false);
    expect(hasControlByte(new Uint8Array([0x20, 0x80, 0xff, 0xa0, 0x7f, 0x9f]))).toBe(false);
  });

  it("agrees with a byte-by-byte look on any bytes", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const bytes = bytesFrom(seed, 64, 0x18);
      expect(hasControlByte(bytes)).toBe(bytes.some((b) => b < 0x20));
    }
  });
});
