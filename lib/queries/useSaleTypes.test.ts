import { describe, expect, it } from "vitest";
import type { EventsQuery } from "../contract/query";
import { saleEvent } from "../contract/testing/events";
import { saleTypesParams } from "./useSaleTypes";

const query: EventsQuery = {
  event: "sales",
  interval: "30d",
  timezone: "Europe/Berlin",
  filters: { country: { exclude: false, values: ["US", "DE"] } },
  metadata: [],
  page: 3,
  limit: 100,
  sortOrder: "asc",
  sortBy: "timestamp",
};

describe("saleTypesParams", () => {
  it("asks for the new sales among the same filters over the page's own span", () => {
    const sales = [
      { ...saleEvent(4900, "usd"), timestamp: "2026-11-20T08:30:00.000Z" },
      { ...saleEvent(900, "eur"), timestamp: "2026-11-02T10:00:00.000Z" },
      { ...saleEvent(100, "usd"), timestamp: "2026-11-11T00:00:00.000Z" },
    ];
    const params = new URLSearchParams(saleTypesParams(query, sales)!);
    expect(Object.fromEntries(params)).toEqual({
      event: "sales",
      start: "2026-11-02T10:00:00.000Z",
      end: "2026-11-20T08:30:00.000Z",
      timezone: "Europe/Berlin",
      country: "US,DE",
      saleType: "new",
      limit: "1000",
    });
  });

  it("needs no request for an empty page", () => {
    expect(saleTypesParams(query, [])).toBeNull();
  });
});
