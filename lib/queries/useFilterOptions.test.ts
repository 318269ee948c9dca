import { describe, expect, it } from "vitest";
import { analyticsQueryToParams } from "../contract/analytics";
import { breakdownQuery } from "../analytics/queries";
import { filterDef, type Filter } from "../filters/dimensions";
import { readView } from "../filters/view";
import type { EventsQuery } from "../contract/query";
import { analyticsQueryOptions } from "./useAnalytics";
import { filterOptionsQuery, optionsFromRows } from "./useFilterOptions";

function optionsParams(def: Filter, query: EventsQuery): URLSearchParams {
  const options = filterOptionsQuery(def, query);
  if (!options) throw new Error(`${def.param} has no options`);
  return analyticsQueryToParams(options);
}

describe("filterOptionsQuery", () => {
  const { query } = readView(
    { event: "leads", interval: "30d", country: "US,DE", device: "-Mobile", domain: "acme.link", key: "spring" },
    "Europe/Berlin",
  );

  it("asks for the current view without the filter's own clause", () => {
    const params = optionsParams(filterDef("country"), query);
    expect(params.get("country")).toBeNull();
    expect(params.get("device")).toBe("-Mobile");
    expect(params.get("interval")).toBe("30d");
    expect(params.get("timezone")).toBe("Europe/Berlin");
    expect(params.get("event")).toBe("leads");
    expect(params.get("groupBy")).toBe("countries");
  });

  it("drops the filters that need the one being edited", () => {
    const params = optionsParams(filterDef("domain"), query);
    expect(params.get("domain")).toBeNull();
    expect(params.get("key")).toBeNull();
  });

  it("is the same key whatever the filter's own values are", () => {
    const other = readView(
      { event: "leads", interval: "30d", country: "FR", device: "-Mobile", domain: "acme.link", key: "spring" },
      "Europe/Berlin",
    ).query;
    expect(optionsParams(filterDef("country"), other).toString()).toBe(
      optionsParams(filterDef("country"), query).toString(),
    );
  });

  it("shares the breakdown card's cache entry for the same dimension", () => {
    for (const [param, groupBy] of [
      ["country", "countries"],
      ["domain", "top_domains"],
      ["tagId", "top_link_tags"],
      ["utm_source", "utm_sources"],
    ] as const) {
      const editor = analyticsQueryOptions("w/acme", filterOptionsQuery(filterDef(param), query)!, { enabled: false });
      const card = analyticsQueryOptions("w/acme", breakdownQuery(query, groupBy), { priority: "high" });
      expect(editor.queryKey).toEqual(card.queryKey);
    }
  });

  it("has no query for a filter without a grouping", () => {
    expect(filterOptionsQuery(filterDef("customerId"), query)).toBeNull();
  });
});

describe("optionsFromRows", () => {
  it("reads value, label and the metric of the current kind", () => {
    const rows = [
      { country: "US", clicks: 120, leads: 3 },
      { country: "DE", clicks: 80, leads: 1 },
      { country: null, clicks: 5 },
    ];
    expect(optionsFromRows("countries", rows, "leads")).toEqual([
      { value: "US", label: "United States", detail: undefined, count: 3 },
      { value: "DE", label: "Germany", detail: undefined, count: 1 },
    ]);
  });

  it("names ids from the row", () => {
    const rows = [{ tagId: "t1", tag: { id: "t1", name: "Launch", color: "red" }, clicks: 9 }];
    expect(optionsFromRows("top_link_tags", rows, "clicks")).toEqual([
      { value: "t1", label: "Launch", detail: undefined, count: 9 },
    ]);
  });
});
