import { describe, expect, it } from "vitest";
import { analyticsQueryToParams, parseAnalyticsQuery } from "../contract/analytics";
import { parseEventsQuery } from "../contract/query";
import { chartQuery, withRange, withoutFilter } from "./queries";

describe("chart queries", () => {
  const view = parseEventsQuery({
    event: "sales",
    interval: "30d",
    timezone: "Europe/Berlin",
    country: "US,DE",
    device: "-Mobile",
    saleType: "new",
    page: "3",
    limit: "500",
  });

  it("keep the view's range and filters and drop paging", () => {
    const params = analyticsQueryToParams(chartQuery(view, "composite", "count"));
    expect(params.toString()).toBe(
      "event=composite&groupBy=count&interval=30d&timezone=Europe%2FBerlin&country=US%2CDE&device=-Mobile&saleType=new",
    );
    expect(parseAnalyticsQuery(params)).toEqual(chartQuery(view, "composite", "count"));
  });

  it("leave out a card's own dimension", () => {
    const params = analyticsQueryToParams(withoutFilter(chartQuery(view, "sales", "countries"), "country"));
    expect(params.get("country")).toBeNull();
    expect(params.get("device")).toBe("-Mobile");
  });

  it("leave out the filters that need the card's dimension, and its metadata with the query filter", () => {
    const linked = parseEventsQuery({
      event: "leads",
      domain: "acme.link",
      key: "spring",
      country: "US",
      query: "metadata['plan']:'pro'",
    });
    const withoutDomain = withoutFilter(chartQuery(linked, "leads", "top_domains"), "domain");
    expect(Object.keys(withoutDomain.filters).sort()).toEqual(["country", "query"]);
    const withoutQuery = withoutFilter(chartQuery(linked, "leads", "countries"), "query");
    expect(withoutQuery.filters.query).toBeUndefined();
    expect(withoutQuery.metadata).toEqual([]);
  });

  it("replace the interval with explicit bounds for another period", () => {
    const query = withRange(chartQuery(view, "composite", "timeseries", "day"), {
      timezone: "Europe/Berlin",
      start: "2026-01-01T00:00:00.000Z",
      end: "2026-01-30T23:59:59.999Z",
    });
    const params = analyticsQueryToParams(query);
    expect(params.get("interval")).toBeNull();
    expect(params.get("granularity")).toBe("day");
    expect(params.get("start")).toBe("2026-01-01T00:00:00.000Z");
  });
});
