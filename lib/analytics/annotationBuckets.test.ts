import { describe, expect, it } from "vitest";
import type { AnnotationJson } from "../contract/dashboardReplies";
import { annotationsByBucket } from "./annotationBuckets";

const note = (day: string, text = day): AnnotationJson => ({
  id: text,
  day,
  note: text,
  authorName: null,
  editable: false,
  createdAt: `${day}T12:00:00.000Z`,
  updatedAt: `${day}T12:00:00.000Z`,
});

describe("annotationsByBucket", () => {
  it("puts a note on its day's bucket, read in the view's time zone", () => {
    // Days in Berlin (UTC+1 in March before the change): each bucket starts at 23:00 UTC the day before.
    const starts = ["2026-03-13T23:00:00.000Z", "2026-03-14T23:00:00.000Z", "2026-03-15T23:00:00.000Z"];
    const end = new Date("2026-03-16T23:00:00.000Z");
    const placed = annotationsByBucket(starts, end, "Europe/Berlin", [
      note("2026-03-15", "launch"),
      note("2026-03-14", "teaser"),
    ]);
    expect([...placed.entries()].map(([start, notes]) => [start, notes.map((n) => n.note)])).toEqual([
      ["2026-03-13T23:00:00.000Z", ["teaser"]],
      ["2026-03-14T23:00:00.000Z", ["launch"]],
    ]);
  });

  it("gathers the notes of a week or month in that bucket, in day order", () => {
    const starts = ["2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z"];
    const placed = annotationsByBucket(starts, new Date("2026-05-01T00:00:00.000Z"), "UTC", [
      note("2026-03-31", "b"),
      note("2026-03-02", "a"),
      note("2026-04-30", "c"),
    ]);
    expect(placed.get("2026-03-01T00:00:00.000Z")?.map((n) => n.note)).toEqual(["a", "b"]);
    expect(placed.get("2026-04-01T00:00:00.000Z")?.map((n) => n.note)).toEqual(["c"]);
  });

  it("leaves out notes before the first bucket and from the range's end on", () => {
    const starts = ["2026-03-01T00:00:00.000Z", "2026-03-02T00:00:00.000Z"];
    const placed = annotationsByBucket(starts, new Date("2026-03-03T00:00:00.000Z"), "UTC", [
      note("2026-02-28"),
      note("2026-03-03"),
      note("2026-03-02"),
    ]);
    expect([...placed.keys()]).toEqual(["2026-03-02T00:00:00.000Z"]);
  });

  it("places nothing on an empty series", () => {
    expect(annotationsByBucket([], new Date(), "UTC", [note("2026-03-01")]).size).toBe(0);
  });
});
