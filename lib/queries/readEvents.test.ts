import { describe, expect, it } from "vitest";
import { clickEvent, leadEvent } from "../contract/testing/events";
import { readEventsPage } from "./readEvents";
import { RequestError } from "./requestError";

describe("readEventsPage", () => {
  it("reads a page and counts what it received", () => {
    const page = readEventsPage([clickEvent(), clickEvent({ id: "clk_2" })], "clicks");
    expect(page.events.map((e) => e.click.id)).toEqual(["clk_1", "clk_2"]);
    expect(page).toMatchObject({ kind: "clicks", received: 2, unreadable: 0 });
  });

  it("falls back to click.timestamp when the top-level one is not ISO 8601", () => {
    const odd = { ...clickEvent(), timestamp: "Fri Nov 20 2026 08:30:00 GMT+0000" };
    expect(readEventsPage([odd], "clicks").events[0].timestamp).toBe("2026-11-20T08:30:00.000Z");
  });

  it("normalizes other ISO 8601 forms to UTC with milliseconds", () => {
    const offset = { ...clickEvent(), timestamp: "2026-11-20T09:30:00+01:00" };
    expect(readEventsPage([offset], "clicks").events[0].timestamp).toBe("2026-11-20T08:30:00.000Z");
  });

  it("keeps extra fields and leaves out elements of another shape or kind", () => {
    const extra = { ...clickEvent(), somethingNew: { nested: true } };
    const page = readEventsPage([extra, { hello: "world" }, leadEvent()], "clicks");
    expect(page.events).toHaveLength(1);
    expect(page).toMatchObject({ received: 3, unreadable: 2 });
  });

  it("turns a body that is not a list into a typed error", () => {
    expect(() => readEventsPage({ data: [] }, "clicks")).toThrow(RequestError);
    try {
      readEventsPage(null, "clicks");
    } catch (error) {
      expect(error).toMatchObject({ code: "invalid_response" });
    }
  });
});
