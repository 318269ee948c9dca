import { describe, expect, it } from "vitest";
import { changeSortValue, rowChange, rowChanges, sortByValue } from "./rowChange";

describe("rowChange", () => {
  it("gives the metric's relative change and the share's change in percentage points", () => {
    // 30 of 100 now, 20 of 50 before: +50%, share 30% against 40%: -10 points.
    const change = rowChange(30, 20, 100, 50);
    expect(change.ratio).toBeCloseTo(0.5);
    expect(change.share).toBeCloseTo(0.3);
    expect(change.shareBefore).toBeCloseTo(0.4);
    expect(change.sharePoints).toBeCloseTo(-10);
  });

  it("has no ratio for a row new in this period, and no share before when the compared period had nothing", () => {
    expect(rowChange(5, 0, 10, 40)).toMatchObject({ ratio: null, shareBefore: 0, sharePoints: 50 });
    expect(rowChange(5, 0, 10, 0)).toMatchObject({ ratio: null, shareBefore: null, sharePoints: null });
    expect(rowChange(0, 0, 0, 0)).toMatchObject({ share: 0, ratio: null });
  });

  it("matches rows by value; a row absent before had 0", () => {
    const rows = [
      { value: "US", n: 10 },
      { value: "DE", n: 5 },
    ];
    const changes = rowChanges(
      rows,
      (r) => r.n,
      [
        { value: "DE", n: 10 },
        { value: "FR", n: 3 },
      ],
      15,
      13,
    );
    expect(changes.get(rows[0])).toMatchObject({ before: 0, ratio: null });
    expect(changes.get(rows[1])!.ratio).toBeCloseTo(-0.5);
  });
});

describe("sorting by change", () => {
  it("puts the largest rise first, new rows above any percentage, rows with nothing either time last", () => {
    const rows = [
      { value: "down", now: 5, change: rowChange(5, 10, 100, 100) },
      { value: "none", now: 0, change: rowChange(0, 0, 100, 100) },
      { value: "new", now: 3, change: rowChange(3, 0, 100, 100) },
      { value: "up", now: 20, change: rowChange(20, 10, 100, 100) },
    ];
    const byChange = (ascending: boolean) =>
      sortByValue(rows, (r) => changeSortValue(r.change, "ratio", r.now), ascending).map((r) => r.value);
    expect(byChange(false)).toEqual(["new", "up", "down", "none"]);
    expect(byChange(true)).toEqual(["down", "up", "new", "none"]);
    const byShare = sortByValue(rows, (r) => changeSortValue(r.change, "sharePoints", r.now), false).map(
      (r) => r.value,
    );
    expect(byShare).toEqual(["up", "new", "none", "down"]);
  });
});
