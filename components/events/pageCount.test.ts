import { describe, expect, it } from "vitest";
import { MAX_PAGE_DEPTH } from "@/lib/contract/query";
import { pageCount } from "./pageCount";

describe("pageCount", () => {
  it("offers every page of a view within the platform's depth", () => {
    expect(pageCount(2_250, 100)).toEqual({ pages: 23, last: 23, capped: false });
    expect(pageCount(0, 100)).toEqual({ pages: 1, last: 1, capped: false });
    expect(pageCount(MAX_PAGE_DEPTH, 1000)).toEqual({ pages: 100, last: 100, capped: false });
  });

  it("stops at the deepest page the platform serves: page × limit ≤ 100,000", () => {
    expect(MAX_PAGE_DEPTH).toBe(100_000);
    // "Page 1 of 1,402" on 90 days at 100 rows: only 1,000 of them can be opened.
    expect(pageCount(140_150, 100)).toEqual({ pages: 1_402, last: 1_000, capped: true });
    expect(pageCount(140_150, 500)).toEqual({ pages: 281, last: 200, capped: true });
    expect(pageCount(MAX_PAGE_DEPTH + 1, 1000)).toEqual({ pages: 101, last: 100, capped: true });
  });

  it("rounds down for page sizes that do not divide the depth", () => {
    expect(pageCount(1_000_000, 300).last).toBe(333);
    expect(333 * 300).toBeLessThanOrEqual(MAX_PAGE_DEPTH);
  });

  it("without a total, offers pages up to the depth", () => {
    expect(pageCount(null, 100)).toEqual({ pages: null, last: 1_000, capped: false });
  });
});
