import { describe, expect, it } from "vitest";
import { filterDef } from "../filters/table";
import { readView } from "../filters/view";
import { filterOptionsParams, optionsFromRows } from "./useFilterOptions";

describe("filterOptionsParams", () => {
  const { query } = readView({ event: "leads", interval: "30d", country: "US,DE", device: "-Mobile", domain: "acme.link", key: "spring" }, "Europe/Berlin");

  it("asks for the current view without the filter's own clause", () => {
    const params = new URLSearchParams(filterOptionsParams(filterDef("country"), query, "countries"));
    expect(params.get("country")).toBeNull();
    expect(params.get("device")).toBe("-Mobile");
    expect(params.get("interval")).toBe("30d");
    expect(params.get("timezone")).toBe("Europe/Berlin");
    expect(params.get("event")).toBe("leads");
    expect(params.get("groupBy")).toBe("countries");
  });

  it("drops the filters that need the one being edited", () => {
    const params = new URLSearchParams(filterOptionsParams(filterDef("domain"), query, "top_domains"));
    expect(params.get("domain")).toBeNull();
    expect(params.get("key")).toBeNull();
  });

  it("is the same key whatever the filter's own values are", () => {
    const other = readView({ event: "leads", interval: "30d", country: "FR", device: "-Mobile", domain: "acme.link", key: "spring" }, "Europe/Berlin").query;
    expect(filterOptionsParams(filterDef("country"), other, "countries")).toBe(filterOptionsParams(filterDef("country"), query, "countries"));
  });
});

describe("optionsFromRows", () => {
  it("reads value, label and the metric of the current kind", () => {
    const rows = [
      { country: "US", clicks: 120, leads: 3 },
      { country: "DE", clicks: 80, leads: 1 },
      { country: null, clicks: 5 },
    ];
    expect(optionsFromRows("country", "countries", rows, "leads")).toEqual([
      { value: "US", label: "🇺🇸 United States", detail: undefined, count: 3 },
      { value: "DE", label: "🇩🇪 Germany", detail: undefined, count: 1 },
    ]);
  });

  it("names ids from the row", () => {
    const rows = [{ tagId: "t1", tag: { id: "t1", name: "Launch", color: "red" }, clicks: 9 }];
    expect(optionsFromRows("tagId", "top_link_tags", rows, "clicks")).toEqual([{ value: "t1", label: "Launch", detail: undefined, count: 9 }]);
  });
});
