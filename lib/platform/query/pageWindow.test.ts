import { describe, expect, it } from "vitest";
import {
  DEEP_SLICE_MARGIN,
  headroomFor,
  pageWindow,
  pageWindows,
  SLICE_MARGIN,
  WINDOW_GROWTH,
  WINDOW_HEADROOM,
  type EventSpan,
} from "./pageWindow";

const DAY = 86_400_000;
const at = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * DAY);
// 100 days holding 160,000 events: 1,600 a day.
const span: EventSpan = { count: 160_000, first: at(0), last: at(100) };
const range = { start: at(70), end: at(100) };

describe("pageWindow", () => {
  it("newest first: a slice at the end holding the page WINDOW_HEADROOM times", () => {
    // 100 rows × 16 = 1,600 rows = one day.
    expect(WINDOW_HEADROOM).toBe(16);
    expect(pageWindow(span, range, 100, "desc")).toEqual({ after: new Date(at(99).getTime()) });
  });

  it("oldest first: a slice at the start", () => {
    expect(pageWindow(span, range, 100, "asc")).toEqual({ before: at(71) });
  });

  it("starts from the last event when the data stops before the range ends", () => {
    const early = { ...span, last: at(90) };
    // 160,000 events over 90 days: 1,600 rows fill 0.9 of a day.
    expect(pageWindow(early, range, 100, "desc")).toEqual({ after: new Date(at(90).getTime() + 1 - 0.9 * DAY) });
  });

  it("starts from the first event when the data begins after the range does", () => {
    const late = { ...span, first: at(80) };
    const out = pageWindow(late, range, 100, "asc");
    // 160,000 events over 20 days: 8,000 a day, so 1,600 rows fill a fifth of a day.
    expect(out).toEqual({ before: new Date(at(80).getTime() + DAY / 5) });
  });

  it("no slice when it would cover the whole range", () => {
    expect(pageWindow(span, range, 3_000, "desc")).toBeNull();
    expect(pageWindow(span, range, 3_000, "asc")).toBeNull();
  });

  it("a slice sized from the filters' share: SLICE_MARGIN rows per row needed among the events they keep", () => {
    expect(SLICE_MARGIN).toBe(4);
    // Filters keeping a tenth: 100 rows × 4 × 10 = 4,000 events = 2.5 days.
    expect(headroomFor(0.1, 100)).toBeCloseTo(40, 10);
    expect(pageWindow(span, range, 100, "desc", 40)).toEqual({ after: new Date(at(97.5).getTime()) });
    // No filter: 400 events, a quarter of a day.
    expect(pageWindow(span, range, 100, "asc", headroomFor(1, 100))).toEqual({ before: new Date(at(70.25).getTime()) });
    // A deep page (1,000 rows or more) keeps a margin of 2: its count varies little by chance.
    expect(DEEP_SLICE_MARGIN).toBe(2);
    expect(headroomFor(0.1, 999)).toBeCloseTo(40, 10);
    expect(headroomFor(0.1, 1_000)).toBeCloseTo(20, 10);
  });

  it("no slice without events", () => {
    expect(pageWindow({ count: 0, first: at(0), last: at(0) }, range, 100, "desc")).toBeNull();
  });
});

describe("pageWindows", () => {
  it("each slice WINDOW_GROWTH times wider than the last, while narrower than the range", () => {
    expect(WINDOW_GROWTH).toBe(16);
    // 10 rows × 16 = 160 rows = a tenth of a day; then 1.6 days; then 25.6; 409.6 would pass the range's 30.
    const end = at(100).getTime();
    expect(pageWindows(span, range, 10, "desc")).toEqual([
      { after: new Date(end - 0.1 * DAY) },
      { after: new Date(end - 1.6 * DAY) },
      { after: new Date(end - 25.6 * DAY) },
    ]);
    expect(pageWindows(span, range, 10, "asc")).toEqual([
      { before: new Date(at(70).getTime() + 0.1 * DAY) },
      { before: new Date(at(70).getTime() + 1.6 * DAY) },
      { before: new Date(at(70).getTime() + 25.6 * DAY) },
    ]);
  });

  it("none when the first would cover the range, or without events", () => {
    expect(pageWindows(span, range, 3_000, "desc")).toEqual([]);
    expect(pageWindows({ count: 0, first: at(0), last: at(0) }, range, 100, "desc")).toEqual([]);
  });
});
