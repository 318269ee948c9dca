import { afterEach, describe, expect, it, vi } from "vitest";
import { parseAnalyticsQuery } from "../contract/analytics";
import { fetchAnalytics } from "./fetchAnalytics";
import { PRIORITY } from "./fetchJson";
import { RequestError } from "./requestError";
import { paramsForPeriod } from "./analyticsKeys";

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchAnalytics", () => {
  it("sends the priority header (on the events table's scale) and returns the validated reply", async () => {
    const fetchMock = reply(200, { clicks: 3, leads: 1, sales: 0, saleAmount: 0 });
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchAnalytics("w/acme", "count", "event=composite&groupBy=count", "low")).resolves.toEqual({
      clicks: 3,
      leads: 1,
      sales: 0,
      saleAmount: 0,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/w/acme/analytics?event=composite&groupBy=count");
    expect(new Headers(init?.headers).get("X-Linklens-Priority")).toBe(String(PRIORITY.companion));
  });

  it("turns the spec's error body into a typed error with Retry-After", async () => {
    vi.stubGlobal(
      "fetch",
      reply(
        429,
        {
          error: {
            code: "rate_limit_exceeded",
            message: "Slow down.",
            doc_url: "https://linklens.dev/docs/api-reference/errors#rate-limit-exceeded",
          },
        },
        { "Retry-After": "3" },
      ),
    );
    const error = await fetchAnalytics("default", "count", "groupBy=count", "high").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 429, code: "rate_limit_exceeded", message: "Slow down.", retryAfter: 3 });
  });

  it("reports a body of the wrong shape as an error, not data", async () => {
    vi.stubGlobal("fetch", reply(200, [{ country: "US", clicks: "many" }]));
    const error = await fetchAnalytics("default", "countries", "groupBy=countries", "high").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, code: "invalid_response" });
  });
});

describe("paramsForPeriod", () => {
  const query = parseAnalyticsQuery({ event: "composite", groupBy: "count", interval: "7d", country: "US" });
  const now = Date.parse("2026-03-10T12:00:42.123Z");

  it("sends the view's own parameters for the current period", () => {
    expect(paramsForPeriod(query, "current", now)).toBe("event=composite&groupBy=count&interval=7d&country=US");
  });

  it("sends explicit bounds, floored to the minute, for the previous period", () => {
    expect(paramsForPeriod(query, "previous", now)).toBe(
      "event=composite&groupBy=count&start=2026-02-24T12%3A00%3A00.000Z&end=2026-03-03T11%3A59%3A59.999Z&country=US",
    );
    expect(paramsForPeriod(query, "previous", now + 10_000)).toBe(paramsForPeriod(query, "previous", now));
  });

  it("works a comparison out again for the next minute, another comparison and another view", () => {
    const previous = paramsForPeriod(query, "previous", now);
    expect(paramsForPeriod(query, "previous", now + 60_000)).toBe(
      "event=composite&groupBy=count&start=2026-02-24T12%3A01%3A00.000Z&end=2026-03-03T12%3A00%3A59.999Z&country=US",
    );
    expect(paramsForPeriod(query, { mode: "year", matchWeekday: false }, now)).not.toBe(previous);
    const other = parseAnalyticsQuery({ event: "composite", groupBy: "count", interval: "7d", country: "DE" });
    expect(paramsForPeriod(other, "previous", now)).toBe(previous.replace("country=US", "country=DE"));
  });
});
