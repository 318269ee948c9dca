import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from "./heapGrowth";

describe("heapGrowthFlag", () => {
  it("sets the dashboard's heap growth when the process was started without one", () => {
    expect(heapGrowthFlag([])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(["--max-http-header-size=131072", "--cpu-prof"])).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });

  it("leaves an operator's own setting as it is, however it is spelled", () => {
    expect(heapGrowthFlag(["--heap-growing-percent=20"])).toBeNull();
    expect(heapGrowthFlag(["--heap-growing-percent", "20"])).toBeNull();
    expect(heapGrowthFlag(["--heap_growing_percent=20"])).toBeNull();
  });
});
