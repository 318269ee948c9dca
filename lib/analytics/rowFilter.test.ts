import { describe, expect, it } from "vitest";
import { rowState, toggleExclude, toggleInclude } from "./rowFilter";

describe("breakdown row filters", () => {
  it("adds and removes included values", () => {
    expect(toggleInclude(undefined, "US", true)).toEqual({ exclude: false, values: ["US"] });
    expect(toggleInclude({ exclude: false, values: ["US"] }, "DE", true)).toEqual({
      exclude: false,
      values: ["US", "DE"],
    });
    expect(toggleInclude({ exclude: false, values: ["US", "DE"] }, "US", true)).toEqual({
      exclude: false,
      values: ["DE"],
    });
    expect(toggleInclude({ exclude: false, values: ["US"] }, "US", true)).toBeNull();
  });

  it("starts a fresh include list over an exclusion (one sign per parameter)", () => {
    expect(toggleInclude({ exclude: true, values: ["US", "FR"] }, "DE", true)).toEqual({
      exclude: false,
      values: ["DE"],
    });
  });

  it("adds and removes excluded values", () => {
    expect(toggleExclude(undefined, "Mobile")).toEqual({ exclude: true, values: ["Mobile"] });
    expect(toggleExclude({ exclude: true, values: ["Mobile"] }, "Tablet")).toEqual({
      exclude: true,
      values: ["Mobile", "Tablet"],
    });
    expect(toggleExclude({ exclude: true, values: ["Mobile"] }, "Mobile")).toBeNull();
    expect(toggleExclude({ exclude: false, values: ["Desktop"] }, "Mobile")).toEqual({
      exclude: true,
      values: ["Mobile"],
    });
  });

  it("replaces a single-value filter, and clears it when the same row is clicked again", () => {
    expect(toggleInclude({ exclude: false, values: ["new"] }, "recurring", false)).toEqual({
      exclude: false,
      values: ["recurring"],
    });
    expect(toggleInclude({ exclude: false, values: ["new"] }, "new", false)).toBeNull();
  });

  it("reports each row's state", () => {
    expect(rowState({ exclude: false, values: ["US"] }, "US")).toBe("included");
    expect(rowState({ exclude: true, values: ["US"] }, "US")).toBe("excluded");
    expect(rowState({ exclude: true, values: ["US"] }, "DE")).toBe("none");
    expect(rowState(undefined, "US")).toBe("none");
  });
});
