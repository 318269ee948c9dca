import { describe, expect, it } from "vitest";
import { shiftRange } from "./shiftRange";

const NOW = new Date("2026-11-25T10:30:00Z");

describe("shiftRange", () => {
  it("moves whole days by their number of days, and whole months by months", () => {
    expect(shiftRange({ timezone: "UTC", start: "2026-11-16", end: "2026-11-22" }, -1, NOW)).toEqual({
      start: "2026-11-09",
      end: "2026-11-15",
    });
    expect(shiftRange({ timezone: "UTC", start: "2026-11-16", end: "2026-11-22" }, 1, NOW)).toEqual({
      start: "2026-11-23",
      end: "2026-11-29",
    });
    expect(shiftRange({ timezone: "UTC", start: "2026-03-01", end: "2026-03-31" }, -1, NOW)).toEqual({
      start: "2026-02-01",
      end: "2026-02-28",
    });
    expect(shiftRange({ timezone: "UTC", start: "2024-01-01", end: "2024-01-31" }, 1, NOW)).toEqual({
      start: "2024-02-01",
      end: "2024-02-29",
    });
  });

  it("never moves forward into days that have not begun", () => {
    expect(shiftRange({ timezone: "UTC", start: "2026-11-25", end: "2026-11-25" }, 1, NOW)).toBeNull();
    expect(shiftRange({ timezone: "UTC", interval: "30d" }, 1, NOW)).toBeNull();
  });

  it("moves month to date back to the whole month before, and nothing forward", () => {
    expect(shiftRange({ timezone: "Europe/Berlin", interval: "mtd" }, -1, NOW)).toEqual({
      start: "2026-10-01",
      end: "2026-10-31",
    });
    expect(shiftRange({ timezone: "UTC", interval: "ytd" }, -1, NOW)).toEqual({
      start: "2025-01-01",
      end: "2025-12-31",
    });
    expect(shiftRange({ timezone: "UTC", interval: "mtd" }, 1, NOW)).toBeNull();
  });

  it("moves a range counted back from now by its length, as explicit times in the zone", () => {
    expect(shiftRange({ timezone: "UTC", interval: "24h" }, -1, NOW)).toEqual({
      start: "2026-11-23T10:30:00.000Z",
      end: "2026-11-24T10:29:59.999Z",
    });
  });

  it("cannot move all time", () => {
    expect(shiftRange({ timezone: "UTC", interval: "all" }, -1, NOW)).toBeNull();
  });
});
