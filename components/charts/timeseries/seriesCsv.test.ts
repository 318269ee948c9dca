import { describe, expect, it } from "vitest";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import { seriesTable } from "./seriesCsv";

const note: AnnotationJson = {
  id: "n",
  day: "2026-03-02",
  note: "Launch",
  authorName: "Ada",
  editable: false,
  createdAt: "",
  updatedAt: "",
};

describe("seriesTable", () => {
  it("writes each bucket in the view's zone, money in major units, compared values and notes", () => {
    const points = [
      {
        start: "2026-03-01T00:00:00.000Z",
        value: 1050,
        partial: false,
        previousStart: "2026-02-22T00:00:00.000Z",
        previous: 900,
      },
      { start: "2026-03-02T00:00:00.000Z", value: 0, partial: true, previousStart: null, previous: null },
    ];
    const table = seriesTable(
      points,
      "saleAmount",
      "Europe/Berlin",
      true,
      new Map([["2026-03-02T00:00:00.000Z", [note]]]),
    );
    expect(table.header).toEqual(["Start", "Revenue (USD)", "Compared start", "Revenue (USD), compared", "Notes"]);
    expect(table.rows).toEqual([
      ["2026-03-01T01:00:00.000+01:00", "10.50", "2026-02-22T01:00:00.000+01:00", "9.00", ""],
      ["2026-03-02T01:00:00.000+01:00", "0.00", "", "", "Launch"],
    ]);
  });
});
