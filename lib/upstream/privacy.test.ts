import { describe, expect, it } from "vitest";
import {
  MASKED,
  RESTRICTED,
  redactAnalyticsReply,
  redactEvent,
  redactEvents,
  redactEventsReply,
  type Disclosure,
} from "./privacy";
import { clickEvent, leadEvent, sampleLink } from "../contract/testing/events";

describe("what of an event leaves the server", () => {
  const protectedLink = { ...sampleLink, password: "vip123" };

  it("never the link's password, masked or revealed, on every kind", () => {
    const events = [
      { ...clickEvent(), link: protectedLink },
      { ...leadEvent(), link: protectedLink },
    ];
    for (const revealIps of [false, true]) {
      const text = JSON.stringify(redactEvents(events, { revealIps }));
      expect(text).not.toContain("vip123");
      expect(text).not.toContain('"password"');
    }
  });

  it("IPs masked, in the click record and the deprecated top-level field, unless revealed", () => {
    const event = clickEvent({ ip: "203.0.113.9" });
    expect(event.ip).toBe("203.0.113.9");
    expect(redactEvent(event, MASKED)).toMatchObject({ ip: "203.0.113.•••", click: { ip: "203.0.113.•••" } });
    expect(redactEvent(event, { revealIps: true })).toMatchObject({ ip: "203.0.113.9", click: { ip: "203.0.113.9" } });
  });

  it("keeps everything else, and leaves what is not an event alone", () => {
    const event = { ...clickEvent(), extra: { nested: [1, 2] } };
    const { password: _password, ...linkShown } = sampleLink;
    expect(redactEvent(event, { revealIps: true })).toEqual({ ...event, link: linkShown });
    expect(redactEvents([null, 3, "x", [1]], MASKED)).toEqual([null, 3, "x", [1]]);
    expect(redactEvent({ click: { ip: null }, link: "not a record" }, MASKED)).toEqual({
      click: { ip: null },
      link: "not a record",
    });
  });

  it("does not change its input", () => {
    const event = { ...clickEvent(), link: protectedLink };
    const before = JSON.stringify(event);
    redactEvent(event, MASKED);
    expect(JSON.stringify(event)).toBe(before);
  });

  it("customers' and partners' emails left out for a restricted requester (a viewer, a share link), kept otherwise", () => {
    const lead = leadEvent();
    const withEmail = {
      ...lead,
      customer: { ...(lead as { customer?: object }).customer, id: "cus_1", email: "ada@example.com" },
    };
    expect(JSON.stringify(redactEvent(withEmail, MASKED))).toContain("ada@example.com");
    const restricted = redactEvent(withEmail, RESTRICTED) as { customer: { email: unknown; id: string } };
    expect(restricted.customer).toMatchObject({ id: "cus_1", email: null });
    const partners = {
      status: 200,
      headers: new Headers(),
      body: JSON.stringify([
        { partnerId: "pn_1", partner: { id: "pn_1", name: "P", email: "p@example.com" }, clicks: 1 },
      ]),
    };
    expect(redactAnalyticsReply(partners, MASKED).body).toContain("p@example.com");
    expect(JSON.parse(redactAnalyticsReply(partners, RESTRICTED).body)).toEqual([
      { partnerId: "pn_1", partner: { id: "pn_1", name: "P", email: null }, clicks: 1 },
    ]);
  });
});

describe("a page of events as the proxy relays it", () => {
  const protectedLink = { ...sampleLink, password: "vip123" };
  const page = [
    { ...clickEvent({ ip: "203.0.113.9" }), link: protectedLink },
    { ...leadEvent(), link: protectedLink },
    { ...leadEvent({ email: null }), extra: [1, { a: "b" }] },
    null,
    "x",
  ];
  const body = JSON.stringify(page);
  const disclosures: Disclosure[] = [MASKED, RESTRICTED, { revealIps: true }, { revealIps: true, hideEmails: true }];

  it.each(disclosures)("is, byte for byte, every element redacted as redactEvent does it (%o)", (disclosure) => {
    const relayed = redactEventsReply({ status: 200, headers: new Headers(), body }, disclosure);
    expect(relayed.body).toBe(JSON.stringify(redactEvents(page, disclosure)));
    expect(relayed.body).not.toContain("vip123");
    expect(relayed.body).not.toContain('"password"');
  });

  it("leaves a reply that is not a 200 as it came", () => {
    const refused = { status: 403, headers: new Headers(), body: '{"error":{"code":"forbidden"}}' };
    expect(redactEventsReply(refused, MASKED)).toBe(refused);
  });
});
