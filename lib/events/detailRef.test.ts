import { describe, expect, it } from "vitest";
import { detailKeys, detailQuery, readDetail } from "./detailRef";

describe("the open event in the URL", () => {
  it("reads detail=<kind>:<id> and the event's instant, and writes them back", () => {
    const ref = readDetail("sale:evt_9aB-x", "2026-11-20T10:00:00.123Z");
    expect(ref).toEqual({ kind: "sale", id: "evt_9aB-x", at: "2026-11-20T10:00:00.123Z" });
    expect(detailKeys(ref)).toEqual({ detail: "sale:evt_9aB-x", detailAt: "2026-11-20T10:00:00.123Z" });
    expect(detailKeys(null)).toEqual({ detail: null, detailAt: null });
  });

  it("refuses other shapes, and keeps an id whose instant is not a date-time", () => {
    expect(readDetail("sales:evt_1", null)).toBeNull();
    expect(readDetail("click:", null)).toBeNull();
    expect(readDetail("click:a b", null)).toBeNull();
    expect(readDetail(null, null)).toBeNull();
    expect(readDetail("click:clk_1", "2026-02-30T00:00:00Z")).toEqual({ kind: "click", id: "clk_1", at: null });
    expect(readDetail("lead:ld_1", "yesterday")?.at).toBeNull();
  });

  it("finds the event with one request over its millisecond, whatever the view's filters", () => {
    const query = detailQuery({ kind: "lead", id: "ld_1", at: "2026-11-20T10:00:00.123Z" });
    expect(query).toMatchObject({
      event: "leads",
      start: "2026-11-20T10:00:00.123Z",
      end: "2026-11-20T10:00:00.123Z",
      timezone: "UTC",
      page: 1,
      filters: {},
    });
  });
});
