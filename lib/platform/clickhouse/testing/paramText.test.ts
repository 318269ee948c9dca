import { describe, expect, it } from "vitest";
import { parseParamText } from "./paramText";

describe("the test front reads parameters as @clickhouse/client writes them", () => {
  it("unescapes a string", () => {
    expect(parseParamText("a\\tb\\'c\\\\d\\ne", "String")).toBe("a\tb'c\\d\ne");
  });

  it("reads an array of strings, quotes and backslashes inside", () => {
    expect(parseParamText("['x','y\\'z','back\\\\slash','']", "Array(String)")).toEqual([
      "x",
      "y'z",
      "back\\slash",
      "",
    ]);
    expect(parseParamText("[]", "Array(String)")).toEqual([]);
  });

  it("passes numbers and times as their text", () => {
    expect(parseParamText("42", "Int64")).toBe("42");
    expect(parseParamText("2026-03-15 12:00:00.000", "DateTime64(3, 'UTC')")).toBe("2026-03-15 12:00:00.000");
  });
});
