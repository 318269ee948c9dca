import { describe, expect, it } from "vitest";
import { addCalendarDays, formatDateTime, formatRange, formatRangeInZone, isoDateInZone } from "./date";

const range = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

describe("dates in a zone", () => {
  it("gives the calendar date of the zone", () => {
    const at = new Date("2025-11-21T23:30:00Z");
    expect(isoDateInZone(at, "UTC")).toBe("2025-11-21");
    expect(isoDateInZone(at, "Europe/Berlin")).toBe("2025-11-22");
    expect(isoDateInZone(at, "America/Los_Angeles")).toBe("2025-11-21");
  });

  it("adds calendar days across months and years", () => {
    expect(addCalendarDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addCalendarDays("2024-12-31", 1)).toBe("2025-01-01");
  });

  it("formats a time in the zone on a 24-hour clock", () => {
    expect(formatDateTime(new Date("2025-11-21T02:00:00Z"), "Europe/Berlin")).toBe("Nov 21, 03:00");
    expect(formatDateTime(new Date("2025-11-21T02:00:00Z"), "Asia/Kolkata", { year: true })).toBe(
      "Nov 21, 2025, 07:30",
    );
  });
});

describe("formatRange", () => {
  it("shows times for a rolling range", () => {
    expect(formatRangeInZone(range("2025-11-21T02:00:00Z", "2025-11-22T02:00:00Z"), "Europe/Berlin")).toBe(
      "Nov 21, 03:00 – Nov 22, 03:00 (Europe/Berlin)",
    );
  });

  it("shows whole days as dates, the last one inclusive", () => {
    expect(formatRange(range("2025-10-31T23:00:00Z", "2025-11-07T23:00:00Z"), "Europe/Berlin")).toBe("Nov 1 – Nov 7");
    expect(formatRange(range("2025-11-02T04:00:00Z", "2025-11-03T05:00:00Z"), "America/New_York")).toBe("Nov 2");
  });

  it("adds the year when the range leaves the reference year", () => {
    expect(formatRange(range("2024-12-31T00:00:00Z", "2025-01-02T00:00:00Z"), "UTC")).toBe(
      "Dec 31, 2024 – Jan 1, 2025",
    );
    expect(
      formatRange(range("2024-03-01T00:00:00Z", "2024-03-02T00:00:00Z"), "UTC", new Date("2025-06-01T00:00:00Z")),
    ).toBe("Mar 1, 2024");
    expect(
      formatRange(range("2025-01-05T00:00:00Z", "2025-01-11T00:00:00Z"), "UTC", new Date("2026-06-01T00:00:00Z")),
    ).toBe("Jan 5 – Jan 10, 2025");
  });
});
