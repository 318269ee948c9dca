import { describe, expect, it } from "vitest";
import { axisLabel, bucketLabel } from "./buckets";

describe("bucket labels in a zone", () => {
  it("formats hours in the zone, showing the date at local midnight", () => {
    // 2026-03-29 is Berlin's switch to summer time: midnight is 22:00Z the day before, 23:00Z then.
    expect(axisLabel("2026-03-28T23:00:00.000Z", "hour", "Europe/Berlin")).toBe("Mar 29");
    expect(axisLabel("2026-03-29T01:00:00.000Z", "hour", "Europe/Berlin")).toBe("03:00");
    expect(axisLabel("2026-03-29T22:00:00.000Z", "hour", "Europe/Berlin")).toBe("Mar 30");
  });

  it("names the day the platform bucketed by, not the UTC one", () => {
    expect(axisLabel("2026-03-02T05:00:00.000Z", "day", "America/New_York")).toBe("Mar 2");
    expect(bucketLabel("2026-03-02T05:00:00.000Z", "day", "America/New_York")).toBe("Mon, Mar 2, 2026");
    expect(bucketLabel("2026-03-02T05:00:00.000Z", "day", "UTC")).toBe("Mon, Mar 2, 2026");
    expect(bucketLabel("2026-03-02T03:00:00.000Z", "day", "America/New_York")).toBe("Sun, Mar 1, 2026");
  });

  it("labels weeks and months", () => {
    expect(bucketLabel("2026-02-23T00:00:00.000Z", "week", "UTC")).toBe("Week of Feb 23, 2026");
    expect(bucketLabel("2026-01-31T23:00:00.000Z", "month", "Europe/Berlin")).toBe("February 2026");
    expect(axisLabel("2026-01-31T23:00:00.000Z", "month", "Europe/Berlin")).toBe("Feb 2026");
  });

  it("gives a full tooltip label for an hour", () => {
    expect(bucketLabel("2026-03-29T01:00:00.000Z", "hour", "Europe/Berlin")).toBe("Sun, Mar 29, 2026, 03:00");
  });
});
