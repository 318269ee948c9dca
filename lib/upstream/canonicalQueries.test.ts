import { describe, expect, it } from "vitest";
import { analyticsQueryToParams, parseAnalyticsQuery } from "../contract/analytics";
import { ApiError } from "../contract/errors";
import { eventsQueryToParams, parseEventsQuery } from "../contract/query";
import { keptCanonical, MAX_KEPT_QUERY_LENGTH } from "./canonicalQueries";

const events = (params: URLSearchParams) => eventsQueryToParams(parseEventsQuery(params));
const analytics = (params: URLSearchParams) => analyticsQueryToParams(parseAnalyticsQuery(params));

/** `canonical`, counting its calls. */
function counted(canonical: (params: URLSearchParams) => URLSearchParams) {
  const calls = { n: 0 };
  return {
    calls,
    canonical: (params: URLSearchParams) => {
      calls.n += 1;
      return canonical(params);
    },
  };
}

describe("keptCanonical", () => {
  it("gives what the contract gives, the first time and every time after", () => {
    const searches = [
      "?event=clicks&interval=30d&limit=100",
      "?limit=100&interval=30d&event=clicks&country=US%2CDE&device=-Mobile&trigger=link",
      "?event=leads&interval=90d&query=metadata%5B%27plan%27%5D%3A%27pro%27",
      "",
    ];
    const kept = keptCanonical(events);
    for (let round = 0; round < 3; round++)
      for (const search of searches)
        expect(kept(search).toString()).toBe(events(new URLSearchParams(search)).toString());
    const keptAnalytics = keptCanonical(analytics);
    const zoned = "?event=composite&groupBy=timeseries&interval=30d&timezone=europe%2Fberlin";
    const once = keptAnalytics(zoned).toString();
    expect(keptAnalytics(zoned).toString()).toBe(once);
    expect(once).toBe(analytics(new URLSearchParams(zoned)).toString());
  });

  it("canonicalizes a query string once while it is kept", () => {
    const { calls, canonical } = counted(events);
    const kept = keptCanonical(canonical);
    kept("?event=clicks&interval=30d");
    kept("?event=clicks&interval=30d");
    kept("?event=clicks&interval=7d");
    kept("?event=clicks&interval=30d");
    expect(calls.n).toBe(2);
  });

  it("refuses a query the contract refuses every time, and keeps nothing for it", () => {
    const { calls, canonical } = counted(events);
    const kept = keptCanonical(canonical);
    for (let round = 0; round < 2; round++) {
      expect(() => kept("?event=clicks&interval=forever")).toThrow(ApiError);
    }
    expect(calls.n).toBe(2);
  });

  it("gives the kept form as text: params a caller makes of it and changes change nothing kept", () => {
    const kept = keptCanonical(events);
    const first = new URLSearchParams(kept("?event=clicks&interval=30d"));
    first.set("interval", "1y");
    first.append("extra", "1");
    expect(kept("?event=clicks&interval=30d")).toBe("event=clicks&interval=30d");
  });

  it("forgets the least recently used past its bound", () => {
    const { calls, canonical } = counted(events);
    const kept = keptCanonical(canonical, 2);
    kept("?interval=24h");
    kept("?interval=7d");
    kept("?interval=24h"); // used again: 7d is now the oldest
    kept("?interval=30d"); // forgets 7d
    expect(calls.n).toBe(3);
    kept("?interval=24h");
    kept("?interval=30d");
    expect(calls.n).toBe(3);
    kept("?interval=7d");
    expect(calls.n).toBe(4);
  });

  it("does not keep a query string longer than the bound", () => {
    const { calls, canonical } = counted((params) => new URLSearchParams(params));
    const kept = keptCanonical(canonical);
    const long = `?interval=30d&name=${"t".repeat(MAX_KEPT_QUERY_LENGTH)}`;
    const first = kept(long).toString();
    expect(kept(long).toString()).toBe(first);
    expect(calls.n).toBe(2);
  });
});
