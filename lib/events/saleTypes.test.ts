import { describe, expect, it } from "vitest";
import type { EventsQuery } from "../contract/query";
import { fixedSaleType, newSalesQuery, saleTypeFrom } from "./saleTypes";

const query: EventsQuery = {
  event: "sales",
  interval: "30d",
  timezone: "UTC",
  filters: {},
  metadata: [],
  page: 4,
  limit: 100,
  sortOrder: "asc",
  sortBy: "timestamp",
};

describe("sale types", () => {
  it("are fixed by a saleType filter, so no companion listing is needed", () => {
    expect(fixedSaleType(query)).toBeUndefined();
    expect(fixedSaleType({ ...query, filters: { saleType: { exclude: false, values: ["recurring"] } } })).toBe(
      "recurring",
    );
  });

  it("come from a companion listing of new sales over the page's span, which can be paged", () => {
    const sales = [{ timestamp: "2026-11-20T08:30:00.000Z" }, { timestamp: "2026-11-02T10:00:00.000Z" }];
    expect(newSalesQuery(query, sales, 2)).toMatchObject({
      interval: undefined,
      start: "2026-11-02T10:00:00.000Z",
      end: "2026-11-20T08:30:00.000Z",
      filters: { saleType: { exclude: false, values: ["new"] } },
      page: 2,
      limit: 1000,
    });
    expect(newSalesQuery(query, [])).toBeNull();
  });

  it("are new exactly when the companion listing holds the sale, unknown until it answers", () => {
    const ids = new Set(["evt_1"]);
    expect(saleTypeFrom(undefined, ids, "evt_1")).toBe("new");
    expect(saleTypeFrom(undefined, ids, "evt_2")).toBe("recurring");
    expect(saleTypeFrom(undefined, undefined, "evt_1")).toBeUndefined();
    expect(saleTypeFrom("recurring", undefined, "evt_1")).toBe("recurring");
  });
});
