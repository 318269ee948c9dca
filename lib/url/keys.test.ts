import { describe, expect, it } from "vitest";
import { metricParser } from "./keys";

describe("metric in the URL", () => {
  it("spells revenue as the button does and reads it back", () => {
    expect(metricParser.serialize("saleAmount")).toBe("revenue");
    expect(metricParser.parse("revenue")).toBe("saleAmount");
    for (const metric of ["clicks", "leads", "sales"] as const)
      expect(metricParser.parse(metricParser.serialize(metric))).toBe(metric);
  });

  it("ignores what it does not know, the API's field name included", () => {
    expect(metricParser.parse("saleAmount")).toBeNull();
    expect(metricParser.parse("Revenue")).toBeNull();
  });
});
