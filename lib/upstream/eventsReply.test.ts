import { describe, expect, it } from "vitest";
import { strictEvents } from "../contract/events";
import { withReadableTimestamp } from "../contract/readEvents";
import { GatewayError } from "./gatewayError";
import { analyticsJson, readEventsReply } from "./eventsReply";
import { clickEvent, leadEvent, saleEvent } from "../contract/testing/events";

describe("tolerant reading", () => {
  it("fixtures are valid under the strict schema", () => {
    expect(strictEvents.events.safeParse([clickEvent(), leadEvent(), saleEvent(4900, "usd")]).success).toBe(true);
  });

  it("reads a page of events and keeps extra fields", () => {
    const withExtra = {
      ...clickEvent(),
      newField: { nested: true },
      click: { ...clickEvent().click, fingerprint: "x" },
    };
    const page = readEventsReply(JSON.stringify([clickEvent(), withExtra]), "clicks");
    expect(page).toMatchObject({ received: 2, unreadable: 0 });
    expect(page.events[1]).toMatchObject({ newField: { nested: true }, click: { fingerprint: "x" } });
  });

  it.each([
    ["Fri Nov 20 2026 08:30:00 GMT+0000", "2026-11-20T08:30:00.123Z"],
    ["1763627400000", "2026-11-20T08:30:00.123Z"],
    ["2026/11/20 08:30", "2026-11-20T08:30:00.123Z"],
    ["2026-11-20T08:30:00", "2026-11-20T08:30:00.123Z"],
    ["2026-11-20T09:30:00+01:00", "2026-11-20T08:30:00.000Z"],
    ["2026-11-20T08:30:00Z", "2026-11-20T08:30:00.000Z"],
  ])("a top-level timestamp %s reads as %s (click.timestamp when not ISO 8601)", (timestamp, expected) => {
    const event = clickEvent({ timestamp: "2026-11-20T08:30:00.123Z" });
    const page = readEventsReply(JSON.stringify([{ ...event, timestamp }]), "clicks");
    expect(page.events[0].timestamp).toBe(expected);
  });

  it("falls back to click.timestamp for a numeric timestamp too", () => {
    expect(
      withReadableTimestamp({ timestamp: 1763627400000, click: { timestamp: "2026-11-20T08:30:00.000Z" } }),
    ).toMatchObject({
      timestamp: "2026-11-20T08:30:00.000Z",
    });
  });

  it("skips and counts elements that are not readable events of the listed kind", () => {
    const broken = { ...clickEvent(), click: "nope" };
    const page = readEventsReply(JSON.stringify([clickEvent(), broken, 42, leadEvent()]), "clicks");
    expect(page).toMatchObject({ received: 4, unreadable: 3 });
    expect(page.events).toHaveLength(1);
  });

  it.each([
    ["not JSON", "<html>502 Bad Gateway</html>", /not JSON/],
    ["an object", '{"events":[]}', /JSON array/],
    ["null", "null", /JSON array/],
  ])("a body that is %s is a 502", (_, body, message) => {
    let caught: unknown;
    try {
      readEventsReply(body, "clicks");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GatewayError);
    expect(caught).toMatchObject({ status: 502, code: "internal_server_error" });
    expect((caught as GatewayError).message).toMatch(message);
  });
});

describe("an analytics reply's outline", () => {
  it.each([
    ["counts", '{"clicks":3,"leads":1,"sales":0,"saleAmount":0}'],
    ["rows", '[{"country":"US","clicks":3}]'],
    ["no rows", "[]"],
  ])("%s pass", (_, body) => {
    expect(analyticsJson(body)).toEqual(JSON.parse(body));
  });

  it.each([
    ["an HTML page", "<html>admin</html>"],
    ["a stranger's object", '{"status":"ok","secret":"x"}'],
    ["a list of strings", '["a","b"]'],
    ["a number", "42"],
  ])("%s is a 502 with the proxy's own message", (_, body) => {
    expect(() => analyticsJson(body)).toThrow(/did not answer as a link attribution platform/);
    try {
      analyticsJson(body);
    } catch (error) {
      expect(error).toMatchObject({ status: 502 });
      expect((error as Error).message).not.toContain("secret");
    }
  });
});
