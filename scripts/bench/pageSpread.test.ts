import { describe, expect, it } from "vitest";
import { describeCounts, describeSpread, median, spread } from "./pageSpread";

describe("median", () => {
  it("takes the middle of an odd count and the mean of the two middle ones of an even count", () => {
    expect(median([900, 300, 500])).toBe(500);
    expect(median([400, 100, 300, 200])).toBe(250);
    expect(median([])).toBeNull();
  });
});

describe("spread", () => {
  it("gives the median with the min and max, over the visits that saw the figure", () => {
    expect(spread([610, 380, 420])).toEqual({ median: 420, min: 380, max: 610, seen: 3, of: 3 });
    expect(spread([null, 700, 500])).toEqual({ median: 600, min: 500, max: 700, seen: 2, of: 3 });
    expect(spread([null, undefined])).toBeNull();
  });
});

describe("describeSpread", () => {
  it("prints the median with its range, and says when some visits never saw the figure", () => {
    expect(describeSpread(spread([610, 380, 420]))).toBe("420 (380–610)");
    expect(describeSpread(spread([420, 420]))).toBe("420");
    expect(describeSpread(spread([null, 500, 700]))).toBe("600 (500–700) (2 of 3)");
    expect(describeSpread(null)).toBe("—");
  });
});

describe("describeCounts", () => {
  it("prints one count when all visits agree, each when they differ", () => {
    expect(describeCounts([4, 4, 4])).toBe("4");
    expect(describeCounts([4, 5, 4])).toBe("4/5/4 (differ)");
    expect(describeCounts([])).toBe("—");
  });
});
