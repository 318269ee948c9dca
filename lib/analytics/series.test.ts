import { describe, expect, it } from "vitest";
import type { TimeseriesRow } from "../contract/analytics";
import { elapsedPoints, firstWithData, seriesPoints, seriesTotal, trimLeadingEmpty } from "./series";

const row = (start: string, clicks: number, saleAmount = 0): TimeseriesRow => ({
  start,
  clicks,
  leads: 0,
  sales: 0,
  saleAmount,
});

describe("seriesPoints", () => {
  const current = [
    row("2026-03-08T00:00:00.000Z", 5, 100),
    row("2026-03-09T00:00:00.000Z", 7),
    row("2026-03-10T00:00:00.000Z", 1),
  ];
  const previous = [row("2026-03-05T00:00:00.000Z", 2), row("2026-03-06T00:00:00.000Z", 3, 900)];

  it("picks one metric", () => {
    expect(seriesPoints(current, "saleAmount").map((p) => p.value)).toEqual([100, 0, 0]);
    expect(seriesTotal(seriesPoints(current, "clicks"))).toBe(13);
  });

  it("aligns the previous period by bucket index and leaves a shorter tail empty", () => {
    expect(seriesPoints(current, "clicks", previous)).toEqual([
      {
        start: "2026-03-08T00:00:00.000Z",
        value: 5,
        partial: false,
        previousStart: "2026-03-05T00:00:00.000Z",
        previous: 2,
      },
      {
        start: "2026-03-09T00:00:00.000Z",
        value: 7,
        partial: false,
        previousStart: "2026-03-06T00:00:00.000Z",
        previous: 3,
      },
      { start: "2026-03-10T00:00:00.000Z", value: 1, partial: false, previousStart: null, previous: null },
    ]);
  });

  it("trims empty buckets before the first data", () => {
    const points = seriesPoints(
      [
        row("2026-01-01T00:00:00.000Z", 0),
        row("2026-02-01T00:00:00.000Z", 0),
        row("2026-03-01T00:00:00.000Z", 4),
        row("2026-04-01T00:00:00.000Z", 0),
      ],
      "clicks",
    );
    expect(trimLeadingEmpty(points).map((p) => p.value)).toEqual([4, 0]);
    expect(trimLeadingEmpty(seriesPoints([row("2026-01-01T00:00:00.000Z", 0)], "clicks"))).toHaveLength(1);
  });
});

describe("time that has not happened", () => {
  const day = (d: number) => `2026-03-${String(d).padStart(2, "0")}T00:00:00.000Z`;
  const week = seriesPoints(
    [8, 9, 10, 11, 12].map((d) => row(day(d), d)),
    "clicks",
  );

  it("leaves out buckets after now and marks the one holding now as so far", () => {
    const now = new Date("2026-03-10T07:00:00.000Z");
    const shown = elapsedPoints(week, new Date(day(13)), now);
    expect(shown.map((p) => [p.start, p.partial])).toEqual([
      [day(8), false],
      [day(9), false],
      [day(10), true],
    ]);
  });

  it("marks nothing in a range that is over", () => {
    expect(elapsedPoints(week, new Date(day(13)), new Date("2026-03-20T00:00:00.000Z")).some((p) => p.partial)).toBe(
      false,
    );
  });

  it("finds the first bucket with data", () => {
    expect(firstWithData([row(day(1), 0), row(day(2), 3)])).toBe(day(2));
    expect(firstWithData([row(day(1), 0)])).toBeNull();
  });
});
