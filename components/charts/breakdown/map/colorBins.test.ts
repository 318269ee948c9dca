import { describe, expect, it } from "vitest";
import { binLabel, binOf, colorBins, PALETTE_STEPS, roundDownNicely } from "./colorBins";

const plain = (value: number) => value.toLocaleString("en-US");
const dollars = (cents: number) => `$${cents / 100}`;

describe("roundDownNicely", () => {
  it("keeps two significant digits, rounding down", () => {
    expect(roundDownNicely(1234)).toBe(1200);
    expect(roundDownNicely(1200)).toBe(1200);
    expect(roundDownNicely(57)).toBe(57);
    expect(roundDownNicely(7)).toBe(7);
    expect(roundDownNicely(0.129)).toBe(0.12);
    expect(roundDownNicely(99.5)).toBe(99);
    expect(roundDownNicely(100)).toBe(100);
  });
});

describe("colorBins", () => {
  it("makes no bin without a positive value", () => {
    expect(colorBins([])).toEqual([]);
    expect(colorBins([0, -3, Number.NaN])).toEqual([]);
  });

  it("puts about as many countries in each of five bins, with rounded bounds, the top one darkest", () => {
    const values = Array.from({ length: 100 }, (_, i) => (i + 1) ** 2);
    const bins = colorBins(values);
    expect(bins.map((bin) => bin.from)).toEqual([1, 440, 1600, 3700, 6500]);
    expect(bins.map((bin) => bin.step)).toEqual([1, 2, 3, 4, 5]);
    expect(bins.at(-1)).toMatchObject({ to: 10_000, last: true });
    // Each bin ends where the next starts.
    for (let i = 0; i < bins.length - 1; i++) expect(bins[i].to).toBe(bins[i + 1].from);
    const counts = bins.map((bin) => values.filter((value) => binOf(bins, value) === bin).length);
    expect(counts.reduce((a, b) => a + b)).toBe(100);
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(15);
  });

  it("a heavy tail does not wash the others out: the small countries still span the palette", () => {
    const values = [50_000, 40, 30, 20, 10, 5, 3, 2, 1, 1];
    const bins = colorBins(values);
    expect(bins.map((bin) => bin.from)).toEqual([1, 2, 5, 20, 40]);
    expect(binOf(bins, 50_000)?.step).toBe(PALETTE_STEPS);
    expect(binOf(bins, 1)?.step).toBe(1);
    const stepsBelowTheTop = new Set(values.filter((value) => value < 50_000).map((value) => binOf(bins, value)?.step));
    expect(stepsBelowTheTop.size).toBe(PALETTE_STEPS);
  });

  it("spreads fewer distinct values over the palette, ending at its darkest", () => {
    expect(colorBins([7]).map((bin) => bin.step)).toEqual([PALETTE_STEPS]);
    expect(colorBins([7, 7, 7])).toEqual([{ from: 7, to: 7, last: true, step: PALETTE_STEPS }]);
    expect(colorBins([1, 100])).toEqual([
      { from: 1, to: 100, last: false, step: 1 },
      { from: 100, to: 100, last: true, step: PALETTE_STEPS },
    ]);
    expect(colorBins([1, 10, 100]).map((bin) => bin.step)).toEqual([1, 3, 5]);
  });

  it("ignores countries without a value", () => {
    const bins = colorBins([0, 0, 5, 10]);
    expect(bins[0].from).toBe(5);
  });
});

describe("binOf", () => {
  const bins = colorBins([1, 10, 100, 1000, 10_000]);

  it("finds the bin whose range holds the value, bounds going to the upper bin", () => {
    for (const bin of bins) {
      expect(binOf(bins, bin.from)).toBe(bin);
      if (!bin.last) expect(binOf(bins, bin.to - 1)).toBe(bin);
    }
    expect(binOf(bins, 10_000)).toBe(bins.at(-1));
  });

  it("has no bin for no value: the country is drawn neutral", () => {
    expect(binOf(bins, undefined)).toBeNull();
    expect(binOf(bins, 0)).toBeNull();
    expect(binOf([], 5)).toBeNull();
  });
});

describe("binLabel", () => {
  it("gives whole counts closed ranges, and the last bin up to the largest value", () => {
    const bins = colorBins(Array.from({ length: 100 }, (_, i) => (i + 1) ** 2));
    expect(bins.map((bin) => binLabel(bin, plain, true))).toEqual([
      "1–439",
      "440–1,599",
      "1,600–3,699",
      "3,700–6,499",
      "6,500–10,000",
    ]);
  });

  it("gives amounts half-open ranges", () => {
    const bins = colorBins([100, 500, 2_000, 10_000, 90_000]);
    expect(bins.map((bin) => binLabel(bin, dollars, false))).toEqual([
      "$1 to under $5",
      "$5 to under $20",
      "$20 to under $100",
      "$100 to under $900",
      "$900",
    ]);
    expect(binLabel({ from: 500, to: 90_000, last: true, step: 5 }, dollars, false)).toBe("$5 to $900");
  });

  it("names a single value once", () => {
    expect(binLabel(colorBins([7])[0], plain, true)).toBe("7");
    expect(binLabel({ from: 4, to: 5, last: false, step: 1 }, plain, true)).toBe("4");
  });
});
