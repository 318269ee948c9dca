import { describe, expect, it } from "vitest";
import { Picker, Rng } from "./prng";
import { variantPercentages } from "./link-parts";
import { addMonthsUtc } from "./sales";

describe("Rng", () => {
  it("repeats a stream for the same seed and label, and differs across labels and seeds", () => {
    const draw = (seed: number, label: string) => Array.from({ length: 5 }, () => new Rng(seed, label).u32());
    const a = new Rng(1, "clicks");
    const b = new Rng(1, "clicks");
    expect(Array.from({ length: 100 }, () => a.u32())).toEqual(Array.from({ length: 100 }, () => b.u32()));
    expect(draw(1, "clicks")[0]).not.toBe(draw(1, "leads")[0]);
    expect(draw(1, "clicks")[0]).not.toBe(draw(2, "clicks")[0]);
    expect(new Rng(2 ** 32 + 1, "x").u32()).not.toBe(new Rng(1, "x").u32());
  });

  it("makes ids of a prefix and 24 characters of [0-9A-Za-z]", () => {
    const rng = new Rng(1, "ids");
    for (let i = 0; i < 100; i++) expect(rng.id("link_")).toMatch(/^link_[0-9A-Za-z]{24}$/);
  });

  it("draws integers within bounds, both ends reachable", () => {
    const rng = new Rng(3, "int");
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.int(2, 5));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });
});

describe("Picker", () => {
  it("follows the weights", () => {
    const picker = Picker.of([
      ["a", 1],
      ["b", 3],
      ["never", 0],
    ] as const);
    const rng = new Rng(1, "picker");
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 20_000; i++) counts[picker.pick(rng)] += 1;
    expect(counts.never).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.7);
    expect(counts.b / counts.a).toBeLessThan(3.3);
  });
});

describe("variantPercentages", () => {
  it("gives 2 to 4 shares of 10..90 summing to 100", () => {
    const rng = new Rng(1, "variants");
    for (let i = 0; i < 500; i++) {
      const shares = variantPercentages(rng);
      expect(shares.length).toBeGreaterThanOrEqual(2);
      expect(shares.length).toBeLessThanOrEqual(4);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
      for (const s of shares) expect(s >= 10 && s <= 90).toBe(true);
    }
  });
});

describe("addMonthsUtc", () => {
  it("keeps the day of month and time, clamped to shorter months", () => {
    expect(new Date(addMonthsUtc(Date.parse("2026-01-31T10:20:30.400Z"), 1)).toISOString()).toBe(
      "2026-02-28T10:20:30.400Z",
    );
    expect(new Date(addMonthsUtc(Date.parse("2026-11-15T23:59:59.999Z"), 2)).toISOString()).toBe(
      "2027-01-15T23:59:59.999Z",
    );
  });
});
