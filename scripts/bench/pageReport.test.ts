import { describe, expect, it } from "vitest";
import { type CellMedians, cellMedians, pageGoals, pageRatio, pageSection } from "./pageReport";
import type { PageTimingsRun, Visit } from "./pageTimings";

const visit = (figuresMs: number | null, settledMs: number | null, upstream = 0): Visit => ({
  figuresMs,
  chartMs: figuresMs,
  settledMs,
  api: 3,
  upstream: upstream > 0 ? { "GET /analytics 200": upstream } : {},
  requests: [],
  apiRequests: [],
});

const medians = (figuresMs: number | null, settledMs: number | null, upstream = 0): CellMedians => ({
  figuresMs,
  settledMs,
  upstream,
});

describe("cellMedians", () => {
  it("takes each figure's median over the visits, the upstream count's too", () => {
    expect(cellMedians([visit(900, 2000, 7), visit(300, 600, 4), visit(500, 1000, 4)])).toEqual(medians(500, 1000, 4));
    expect(cellMedians([visit(null, null), visit(400, 800)])).toEqual(medians(400, 800, 0));
    expect(cellMedians([])).toBeUndefined();
  });
});

describe("pageGoals", () => {
  it("holds warm visits to figures ≤ 500 ms and settled ≤ 800 ms on either key, at the limit included", () => {
    expect(pageGoals("warm", "pro", medians(500, 800))).toBe("figures≤500 ok, settled≤800 ok");
    expect(pageGoals("warm", "business", medians(501, 900))).toBe("figures≤500 MISS, settled≤800 MISS");
  });

  it("holds cold pro visits to figures ≤ 1 s, settled ≤ 2.5 s and ≤ 4 upstream requests; cold business to none", () => {
    expect(pageGoals("cold", "pro", medians(900, 2400, 4))).toBe("figures≤1000 ok, settled≤2500 ok, upstream≤4 ok");
    expect(pageGoals("cold", "pro", medians(1900, 5000, 7))).toBe(
      "figures≤1000 MISS, settled≤2500 MISS, upstream≤4 MISS",
    );
    expect(pageGoals("cold", "business", medians(1900, 5000, 7))).toBe("");
  });

  it("says — for a figure never seen", () => {
    expect(pageGoals("warm", "pro", medians(null, null))).toBe("figures≤500 —, settled≤800 —");
    expect(pageGoals("warm", "pro", undefined)).toBe("figures≤500 —, settled≤800 —");
  });
});

describe("pageRatio", () => {
  it("divides this by the baseline, or says — when it cannot", () => {
    expect(pageRatio(250, 1000)).toBe("0.25");
    expect(pageRatio(null, 1000)).toBe("—");
    expect(pageRatio(250, undefined)).toBe("—");
    expect(pageRatio(250, 0)).toBe("—");
  });
});

describe("pageSection", () => {
  const run = (label: string, figuresMs: number): PageTimingsRun => ({
    label,
    views: [
      {
        view: "default view (/)",
        key: "pro",
        cold: [visit(figuresMs, figuresMs * 2, 5)],
        warm: [visit(figuresMs / 4, figuresMs / 2)],
      },
    ],
  });

  it("prints each view cold and warm beside the baseline's figures and the ratios", () => {
    const text = pageSection(run("this checkout", 400), run("4ccf64f (4ccf64f5b)", 2000));
    expect(text).toContain("this checkout beside 4ccf64f (4ccf64f5b)");
    expect(text).toMatch(
      /default view \(\/\)\s+cold\s+400\s+400\s+800\s+3\s+5\s+2000\s+4000\s+5\s+0\.20\s+0\.20\s+figures≤1000 ok, settled≤2500 ok, upstream≤4 MISS/,
    );
    expect(text).toMatch(
      /\s+warm\s+100\s+100\s+200\s+3\s+0\s+500\s+1000\s+0\s+0\.20\s+0\.20\s+figures≤500 ok, settled≤800 ok/,
    );
    expect(text).not.toContain("business key");
  });

  it("prints the median of several visits with their range, ratios of medians, and counts that differ", () => {
    const visits = (label: string, scale: number): PageTimingsRun => ({
      label,
      views: [
        {
          view: "default view (/)",
          key: "pro",
          cold: [visit(900 * scale, 2000, 7), visit(300 * scale, 600, 4), visit(500 * scale, 1000, 4)],
          warm: [visit(100, 200), visit(100, 200), visit(100, 200)],
        },
      ],
    });
    const text = pageSection(visits("this checkout", 1), visits("base", 2));
    expect(text).toMatch(
      /cold\s+500 \(300–900\)\s+500 \(300–900\)\s+1000 \(600–2000\)\s+3\s+7\/4\/4 \(differ\)\s+1000 \(600–1800\)\s+1000 \(600–2000\)\s+7\/4\/4 \(differ\)\s+0\.50\s+1\.00\s+figures≤1000 ok, settled≤2500 ok, upstream≤4 ok/,
    );
    expect(text).toMatch(/warm\s+100\s+100\s+200\s+3\s+0\s+100\s+200\s+0\s+1\.00\s+1\.00/);
  });

  it("lists what failed", () => {
    const failed: PageTimingsRun = {
      label: "this checkout",
      views: [{ view: "share link (30 days)", key: "pro", cold: [], warm: [], error: "no share link" }],
    };
    expect(pageSection(failed)).toContain("this checkout, pro share link (30 days): no share link");
  });
});
