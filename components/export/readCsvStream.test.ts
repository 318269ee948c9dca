import { describe, expect, it } from "vitest";
import { fileNameFrom, readCsvStream } from "./readCsvStream";

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

describe("readCsvStream", () => {
  it("counts records, not newlines inside quoted fields, across chunk borders", async () => {
    const progress: number[] = [];
    const result = await readCsvStream(streamOf("Time,City\n2026-11-20,\"Köln\n", "(Cologne)\"\n2026-11-21,Berlin\n"), (n) => progress.push(n));
    expect(result).toMatchObject({ rows: 2, failure: null, notes: [] });
    expect(progress.at(-1)).toBe(2);
  });

  it("reports a failure the server appended, and trailing notes", async () => {
    const failed = await readCsvStream(streamOf("Time\n1\n2\n# export failed: the link platform could not be reached\n"), () => {});
    expect(failed).toMatchObject({ rows: 2, failure: "the link platform could not be reached" });
    const noted = await readCsvStream(streamOf("Time\n1\n# 3 events could not be read and are not in this file\n"), () => {});
    expect(noted).toMatchObject({ rows: 1, failure: null, notes: ["3 events could not be read and are not in this file"] });
  });
});

describe("fileNameFrom", () => {
  it("takes the server's name when there is one", () => {
    expect(fileNameFrom('attachment; filename="linklens-clicks-2026-11-20.csv"', "x.csv")).toBe("linklens-clicks-2026-11-20.csv");
    expect(fileNameFrom(null, "x.csv")).toBe("x.csv");
  });
});
