import { describe, expect, it } from "vitest";
import { keptResults } from "./keptResults";

describe("keptResults", () => {
  it("computes once per key and gives the same result again", () => {
    let calls = 0;
    const double = keptResults(
      (n: number) => {
        calls += 1;
        return { n: n * 2 };
      },
      (n) => String(n),
    );
    const first = double(2);
    expect(double(2)).toBe(first);
    expect(double(3)).toEqual({ n: 6 });
    expect(calls).toBe(2);
  });

  it("forgets the least recently used key past its size", () => {
    let calls = 0;
    const same = keptResults(
      (n: number) => {
        calls += 1;
        return n;
      },
      (n) => String(n),
      2,
    );
    same(1);
    same(2);
    same(1); // 1 is now the most recently used
    same(3); // forgets 2
    expect(calls).toBe(3);
    same(1);
    expect(calls).toBe(3);
    same(2);
    expect(calls).toBe(4);
  });

  it("keeps nothing when the computation throws", () => {
    let calls = 0;
    const failing = keptResults(
      (n: number) => {
        calls += 1;
        if (n < 0) throw new Error("negative");
        return n;
      },
      (n) => String(n),
    );
    expect(() => failing(-1)).toThrow("negative");
    expect(() => failing(-1)).toThrow("negative");
    expect(calls).toBe(2);
  });
});
