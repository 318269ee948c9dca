import { describe, expect, it } from "vitest";
import { parseBenchArgs, STEPS, UsageError } from "./args";

const parsed = (argv: string[]) => {
  const out = parseBenchArgs(argv);
  if (out === "help") throw new Error("unexpected help");
  return out;
};

describe("parseBenchArgs", () => {
  it("runs every step on 1M clicks over 90 days by default, with no baseline", () => {
    const args = parsed([]);
    expect([...args.steps]).toEqual([...STEPS]);
    expect(args).toMatchObject({
      clicks: 1_000_000,
      days: 90,
      samples: 30,
      warmup: 3,
      verbose: false,
      baseline: null,
      keys: ["pro", "business"],
      views: null,
      visits: 3,
    });
  });

  it("takes --only page and a baseline ref to measure beside this checkout", () => {
    const args = parsed(["--only", "page", "--baseline", "4ccf64f"]);
    expect([...args.steps]).toEqual(["page"]);
    expect(args.baseline).toBe("4ccf64f");
    for (const ref of ["main", "HEAD~3", "main^", "v1.2.0", "origin/main", "speed-infra@{1}"])
      expect(parsed(["--baseline", ref]).baseline).toBe(ref);
  });

  it.each([
    ["--baseline", "-rf"],
    ["--baseline", "--upload-pack=x"],
    ["--baseline", "main..HEAD"],
    ["--baseline", "a b"],
    ["--baseline", ""],
    ["--baseline", "x".repeat(101)],
  ])("refuses %s %j: not a ref git would take as one", (...argv) =>
    expect(() => parseBenchArgs(argv)).toThrow(UsageError),
  );

  it("takes words of the page step's view names", () => {
    expect(parsed(["--views", "Partners, share link"]).views).toEqual(["partners", "share link"]);
    expect(() => parseBenchArgs(["--views", " , "])).toThrow(/--views takes words/);
  });

  it("takes the page step's visits per cell from 1 to 20", () => {
    expect(parsed(["--visits", "5"]).visits).toBe(5);
    for (const bad of ["0", "21", "two", "1.5"])
      expect(() => parseBenchArgs(["--visits", bad])).toThrow(/--visits must be an integer from 1 to 20/);
  });

  it("takes the page step's keys, and refuses one it does not know", () => {
    expect(parsed(["--keys", "pro"]).keys).toEqual(["pro"]);
    expect(parsed(["--keys", "business,pro"]).keys).toEqual(["business", "pro"]);
    expect(() => parseBenchArgs(["--keys", "pro,enterprise"])).toThrow(/--keys takes pro, business; got "enterprise"/);
  });

  it("refuses an unknown step and says which exist", () => {
    expect(() => parseBenchArgs(["--only", "page,pagez"])).toThrow(/--only takes steps from .*page.*got "pagez"/);
  });

  it("spans a year at 10M clicks unless told otherwise", () => {
    expect(parsed(["--clicks", "10000000"]).days).toBe(365);
    expect(parsed(["--clicks", "10000000", "--days", "30"]).days).toBe(30);
  });

  it("takes up to 100M clicks, the scale case of two years, and no more", () => {
    expect(parsed(["--clicks", "100000000", "--days", "730"])).toMatchObject({ clicks: 100_000_000, days: 730 });
    expect(() => parseBenchArgs(["--clicks", "100000001"])).toThrow(/--clicks/);
  });
});
