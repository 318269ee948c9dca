import { describe, expect, it } from "vitest";
import { readEventsQuery } from "@/lib/contract/query";
import { lockedFiltersText, lockedRangeText } from "./lockText";

const lockOf = (search: string) =>
  readEventsQuery(Object.fromEntries(new URLSearchParams(search)), { perKind: false }).query;

describe("a share link's lock in words", () => {
  it("names filters and values as the chips do", () => {
    expect(lockedFiltersText(lockOf("country=US,DE&device=-Mobile&interval=30d"))).toBe(
      "Country is United States, Germany; Device is not Mobile",
    );
    expect(lockedFiltersText(lockOf("interval=30d"))).toBe("no filters");
  });
  it("names the range as the picker does", () => {
    expect(lockedRangeText(lockOf("interval=30d"))).toBe("last 30 days (moving with time)");
    expect(lockedRangeText(lockOf("start=2026-11-01&end=2026-11-07"))).toBe("2026-11-01 to 2026-11-07");
  });
});
