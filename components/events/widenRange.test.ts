import { describe, expect, it } from "vitest";
import type { EventsQuery } from "@/lib/contract/query";
import { widerPreset } from "./widenRange";

const now = new Date("2026-11-20T08:30:00.000Z");
const base: EventsQuery = {
  event: "clicks",
  timezone: "UTC",
  filters: {},
  metadata: [],
  page: 1,
  limit: 100,
  sortOrder: "desc",
  sortBy: "timestamp",
};

describe("widerPreset", () => {
  it("goes to 30 days from anything narrower, then wider still", () => {
    expect(widerPreset({ ...base, interval: "24h" }, now)?.interval).toBe("30d");
    expect(widerPreset(base, now)?.interval).toBe("30d");
    expect(widerPreset({ ...base, interval: "7d" }, now)?.interval).toBe("30d");
    expect(widerPreset({ ...base, interval: "30d" }, now)?.interval).toBe("90d");
    expect(widerPreset({ ...base, interval: "ytd" }, now)?.interval).toBe("1y");
    expect(widerPreset({ ...base, interval: "1y" }, now)?.interval).toBe("all");
    expect(widerPreset({ ...base, interval: "all" }, now)).toBeNull();
  });

  it("measures a custom range", () => {
    expect(widerPreset({ ...base, start: "2026-08-01", end: "2026-09-30" }, now)?.interval).toBe("90d");
  });
});
