import { describe, expect, it } from "vitest";
import { ChParams, chTimestamp } from "./chParams";

describe("ChParams", () => {
  it("hands out typed placeholders and keeps values out of the SQL", () => {
    const p = new ChParams();
    expect(p.add("ws", "ws_1'; DROP TABLE x")).toBe("{ws:String}");
    expect(p.add("n", 3n)).toBe("{n:Int64}");
    expect(p.timestamp("start", new Date("2026-03-15T12:00:00.123Z"))).toBe("{start:DateTime64(3, 'UTC')}");
    expect(p.list("country", ["US", "DE"])).toBe("{country:Array(String)}");
    expect(p.values).toEqual({
      ws: "ws_1'; DROP TABLE x",
      n: "3",
      start: "2026-03-15 12:00:00.123",
      country: ["US", "DE"],
    });
  });

  it("reuses a name bound to the same value and refuses another value or a bad name", () => {
    const p = new ChParams();
    p.add("ws", "a");
    expect(p.add("ws", "a")).toBe("{ws:String}");
    expect(() => p.add("ws", "b")).toThrow(/already bound/);
    expect(() => p.add("x}; --", "b")).toThrow(/not a parameter name/);
  });

  it("writes times in UTC with milliseconds", () => {
    expect(chTimestamp(new Date("2026-01-02T03:04:05.006Z"))).toBe("2026-01-02 03:04:05.006");
  });
});
