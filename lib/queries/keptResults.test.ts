import { describe, expect, it } from "vitest";
import { keptResults } from "./keptResults";

/** `n` doubled, kept per `n` (at most `maxKept`), counting the computations; a negative `n` throws. */
function countedDouble(maxKept?: number) {
  const counter = { calls: 0 };
  const double = keptResults(
    (n: number) => {
      counter.calls += 1;
      if (n < 0) throw new Error("negative");
      return { n: n * 2 };
    },
    (n) => String(n),
    maxKept,
  );
  return { double, counter };
}

describe("keptResults", () => {
  it("computes once per key and gives the same result again", () => {
    const { double, counter } = countedDouble();
    const first = double(2);
    expect(double(2)).toBe(first);
    expect(double(3)).toEqual({ n: 6 });
    expect(counter.calls).toBe(2);
  });

  it("forgets the least recently used key past its size", () => {
    const { double, counter } = countedDouble(2);
    double(1);
    double(2);
    double(1); // 1 is now the most recently used
    double(3); // forgets 2
    expect(counter.calls).toBe(3);
    double(1);
    expect(counter.calls).toBe(3);
    double(2);
    expect(counter.calls).toBe(4);
  });

  it("keeps nothing when the computation throws", () => {
    const { double, counter } = countedDouble();
    expect(() => double(-1)).toThrow("negative");
    expect(() => double(-1)).toThrow("negative");
    expect(counter.calls).toBe(2);
  });
});
