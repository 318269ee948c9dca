import { describe, expect, it } from "vitest";
import { csvProgress, fileNameFrom } from "./csvProgress";

async function pass(...parts: string[]) {
  const encoder = new TextEncoder();
  const progress: number[] = [];
  const counter = csvProgress((rows) => progress.push(rows));
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  const out = await new Response(source.pipeThrough(counter.stream)).text();
  return { out, progress, summary: counter.summary() };
}

describe("csvProgress", () => {
  it("passes the bytes through and counts records, not newlines inside quoted fields, across chunk borders", async () => {
    const parts = ['Time,City\n2026-11-20,"Köln\n', '(Cologne)"\n2026-11-21,Berlin\n'];
    const { out, progress, summary } = await pass(...parts);
    expect(out).toBe(parts.join(""));
    expect(summary).toEqual({ rows: 2, failure: null, notes: [] });
    expect(progress.at(-1)).toBe(2);
  });

  it("reports a failure the server appended, and trailing notes", async () => {
    expect((await pass("Time\n1\n2\n# export failed: the link platform could not be reached\n")).summary).toEqual({
      rows: 2,
      failure: "the link platform could not be reached",
      notes: [],
    });
    expect((await pass("Time\n1\n# 3 events could not be read and are not in this file\n")).summary).toEqual({
      rows: 1,
      failure: null,
      notes: ["3 events could not be read and are not in this file"],
    });
  });
});

describe("fileNameFrom", () => {
  it("takes the server's name when there is one", () => {
    expect(fileNameFrom('attachment; filename="linklens-clicks-2026-11-20.csv"', "x.csv")).toBe(
      "linklens-clicks-2026-11-20.csv",
    );
    expect(fileNameFrom(null, "x.csv")).toBe("x.csv");
  });
});
