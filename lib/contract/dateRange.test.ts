import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { canonicalTimeZone, isValidBound, parseBound, resolveRange, type RangeParams } from "./dateRange";

const iso = (d: Date) => d.toISOString();
const range = (params: Partial<RangeParams>, now: string, allStart?: string) => {
  const r = resolveRange({ timezone: "UTC", ...params }, new Date(now), allStart ? new Date(allStart) : undefined);
  return [iso(r.start), iso(r.end)];
};

describe("resolveRange: presets count back from now (end exclusive, now included)", () => {
  const now = "2026-05-20T15:30:00.000Z";
  it.each([
    ["24h", "2026-05-19T15:30:00.000Z"],
    ["7d", "2026-05-13T15:30:00.000Z"],
    ["30d", "2026-04-20T15:30:00.000Z"],
    ["90d", "2026-02-19T15:30:00.000Z"],
    ["1y", "2025-05-20T15:30:00.000Z"],
    ["mtd", "2026-05-01T00:00:00.000Z"],
    ["qtd", "2026-04-01T00:00:00.000Z"],
    ["ytd", "2026-01-01T00:00:00.000Z"],
  ] as const)("%s in UTC starts at %s", (interval, start) => {
    expect(range({ interval }, now)).toEqual([start, "2026-05-20T15:30:00.001Z"]);
  });

  it("defaults to 24h", () => {
    expect(range({}, now)).toEqual(["2026-05-19T15:30:00.000Z", "2026-05-20T15:30:00.001Z"]);
  });

  it("all starts at the workspace's creation", () => {
    expect(range({ interval: "all" }, now, "2025-11-02T08:00:00.000Z")).toEqual([
      "2025-11-02T08:00:00.000Z",
      "2026-05-20T15:30:00.001Z",
    ]);
  });
});

describe("resolveRange: calendar presets follow the time zone", () => {
  it("mtd in Berlin starts at local midnight (UTC+2 in summer)", () => {
    expect(range({ interval: "mtd", timezone: "Europe/Berlin" }, "2026-05-20T15:30:00Z")[0]).toBe(
      "2026-04-30T22:00:00.000Z",
    );
  });

  it("mtd in Tokyo on the UTC last day of a month is already next month locally", () => {
    expect(range({ interval: "mtd", timezone: "Asia/Tokyo" }, "2026-05-31T16:00:00Z")[0]).toBe(
      "2026-05-31T15:00:00.000Z",
    );
  });

  it("qtd and ytd in Los Angeles", () => {
    expect(range({ interval: "qtd", timezone: "America/Los_Angeles" }, "2026-05-20T15:30:00Z")[0]).toBe(
      "2026-04-01T07:00:00.000Z",
    );
    expect(range({ interval: "ytd", timezone: "America/Los_Angeles" }, "2026-05-20T15:30:00Z")[0]).toBe(
      "2026-01-01T08:00:00.000Z",
    );
  });

  it("mtd in New York across the March DST change starts at EST midnight", () => {
    expect(range({ interval: "mtd", timezone: "America/New_York" }, "2026-03-10T12:00:00Z")[0]).toBe(
      "2026-03-01T05:00:00.000Z",
    );
  });

  it("7d across the DST change keeps the local wall-clock time (167 hours)", () => {
    const [start, end] = range({ interval: "7d", timezone: "America/New_York" }, "2026-03-14T12:00:00Z");
    expect(start).toBe("2026-03-07T13:00:00.000Z");
    expect((Date.parse(end) - 1 - Date.parse(start)) / 3_600_000).toBe(167);
  });

  it("24h is always 24 hours, even across DST", () => {
    const [start] = range({ interval: "24h", timezone: "America/New_York" }, "2026-03-08T12:00:00Z");
    expect(start).toBe("2026-03-07T12:00:00.000Z");
  });
});

describe("resolveRange: start and end", () => {
  const now = "2026-05-20T15:30:00.000Z";

  it("start takes precedence over interval; end defaults to now", () => {
    expect(range({ interval: "24h", start: "2026-05-01" }, now)).toEqual([
      "2026-05-01T00:00:00.000Z",
      "2026-05-20T15:30:00.001Z",
    ]);
  });

  it("a date-only end includes that whole day", () => {
    expect(range({ start: "2026-05-01", end: "2026-05-02" }, now)).toEqual([
      "2026-05-01T00:00:00.000Z",
      "2026-05-03T00:00:00.000Z",
    ]);
  });

  it("a date-time end is inclusive to the millisecond", () => {
    expect(range({ start: "2026-05-01T00:00:00Z", end: "2026-05-01T12:00:00.500Z" }, now)).toEqual([
      "2026-05-01T00:00:00.000Z",
      "2026-05-01T12:00:00.501Z",
    ]);
  });

  it("date-only and offset-less bounds are read in the time zone", () => {
    expect(range({ start: "2026-05-01", end: "2026-05-01", timezone: "Europe/Berlin" }, now)).toEqual([
      "2026-04-30T22:00:00.000Z",
      "2026-05-01T22:00:00.000Z",
    ]);
    expect(range({ start: "2026-05-01T08:00", timezone: "Asia/Kolkata" }, now)[0]).toBe("2026-05-01T02:30:00.000Z");
  });

  it("explicit offsets win over the time zone", () => {
    expect(range({ start: "2026-05-01T08:00:00+02:00", timezone: "Asia/Tokyo" }, now)[0]).toBe(
      "2026-05-01T06:00:00.000Z",
    );
    expect(range({ start: "2026-05-01T08:00:00-0330", timezone: "UTC" }, now)[0]).toBe("2026-05-01T11:30:00.000Z");
  });

  it("the spring-forward day in New York has 23 hours, the fall-back day 25", () => {
    const spring = range({ start: "2026-03-08", end: "2026-03-08", timezone: "America/New_York" }, now);
    expect(spring).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"]);
    const fall = range({ start: "2026-11-01", end: "2026-11-01", timezone: "America/New_York" }, now);
    expect((Date.parse(fall[1]) - Date.parse(fall[0])) / 3_600_000).toBe(25);
  });

  it("end alone: the interval counts back from it", () => {
    expect(range({ end: "2026-05-10", interval: "7d" }, now)).toEqual([
      "2026-05-03T23:59:59.999Z",
      "2026-05-11T00:00:00.000Z",
    ]);
  });

  it("start after end is a 422", () => {
    expect(() => range({ start: "2026-05-02", end: "2026-05-01" }, now)).toThrowError(ApiError);
    try {
      range({ start: "2026-05-02", end: "2026-05-01" }, now);
    } catch (err) {
      expect((err as ApiError).code).toBe("unprocessable_entity");
    }
  });
});

describe("bounds and zones", () => {
  it.each([
    "2026-01-31",
    "2026-01-31T12:00",
    "2026-01-31T12:00:59",
    "2026-01-31T12:00:00.123456Z",
    "2026-01-31 12:00:00+05:30",
    "2024-02-29",
  ])("accepts %s", (value) => expect(isValidBound(value)).toBe(true));

  it.each([
    "0001-01-01",
    "0099-12-31T23:59:59Z",
    "2026-01-31T12:00:00+14:00",
    "2026-01-31T12:00:00-1200",
    "2026-01-31T12:00:00+05:45",
  ])("accepts %s (years before 100 and real offsets)", (value) => expect(isValidBound(value)).toBe(true));

  it.each([
    "2026-11-16T10:00:00+25:00",
    "2026-11-16T10:00:00+2500",
    "2026-11-16T10:00:00+05:99",
    "2026-11-16T10:00:00-99:00",
    "2026-11-16T10:00+15:00",
    "0100-02-29",
  ])("refuses %j (offset or date out of range)", (value) => expect(isValidBound(value)).toBe(false));

  it("reads years 0-99 as themselves, not as 1900-1999", () => {
    const instant = (value: string, zone: string) => iso(new Date(parseBound(value, zone).getTime()));
    expect(instant("0001-01-01", "UTC")).toBe("0001-01-01T00:00:00.000Z");
    expect(instant("0050-06-01T12:00", "UTC")).toBe("0050-06-01T12:00:00.000Z");
    expect(instant("0001-01-01T00:00:00Z", "Asia/Tokyo")).toBe("0001-01-01T00:00:00.000Z");
  });

  it("parseBound refuses, as a 400, a bound that would be an invalid instant", () => {
    for (const value of ["2026-11-16T10:00:00+25:00", "2026-11-16T10:00:00-99:00", "soon"]) {
      expect(() => parseBound(value, "UTC"), value).toThrowError(ApiError);
      try {
        parseBound(value, "UTC");
      } catch (err) {
        expect((err as ApiError).code).toBe("bad_request");
      }
    }
  });

  it.each([
    "2026-02-29",
    "2026-13-01",
    "2026-01-31T24:00",
    "2026-01-31T12:60",
    "31/01/2026",
    "now",
    "2026-1-1",
    "",
    "2026-01-31T12:00:00+5",
  ])("refuses %j", (value) => expect(isValidBound(value)).toBe(false));

  it("parses fractional seconds to milliseconds", () => {
    expect(iso(parseBound("2026-01-31T12:00:00.98765Z", "UTC"))).toBe("2026-01-31T12:00:00.987Z");
  });

  it("canonicalizes zones and refuses unknown ones", () => {
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });

  it("answers a zone read before the same way, and keeps answering once its memo started over", () => {
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    for (let i = 0; i < 1_100; i++) expect(canonicalTimeZone(`Nowhere/Zone${i}`)).toBeNull();
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
  });
});
