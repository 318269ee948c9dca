import { describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { dashboardRequest } from "./testing/env";
import { FakeClock } from "./testing/fakeClock";
import { proxyFor } from "./testing/testProxy";
import { startTcpTap } from "./testing/tcpTap";

/**
 * Cancellation from the browser to the platform, over a TCP tap that passes a close on as the
 * network would: when the browser leaves (or the proxy's timeout ends), the proxy's connection to
 * the platform closes before any answer, so the platform sees its client go and interrupts the
 * query (the platform's side of issue 13). The tap holds the platform's answer back, so the
 * request is in flight whatever the query's speed.
 */

const platform = inject("platformUrl");
const KEY = "demo_business_key";
/** A wide query: hourly series of every kind over 90 days, in a zone that is not UTC, with a filter. */
const WIDE =
  "/api/analytics?event=composite&groupBy=timeseries&interval=90d&granularity=hour&timezone=Asia/Kolkata&device=-Desktop";

/** What Next aborts a route handler's `request.signal` with when the browser disconnects. */
function responseAborted(): Error {
  return Object.assign(new Error("This operation was aborted"), { name: "ResponseAborted" });
}

describe("cancellation reaches the platform", () => {
  it("a browser that leaves closes the proxy's connection to the platform, which sees the disconnect before answering", async () => {
    const tap = await startTcpTap(platform, { holdAnswers: true });
    try {
      const clock = new FakeClock();
      const proxy = proxyFor(tap.url, KEY, { clock });
      const browser = new AbortController();
      const answer = proxy.forward("analytics", dashboardRequest(WIDE, { signal: browser.signal }));
      await tap.until(() => tap.connections.length === 1 && tap.connections[0].sent > 0);
      browser.abort(responseAborted());
      expect(errorBodySchema.safeParse(await (await answer).json()).success).toBe(true);
      await tap.until(() => tap.connections[0].platformClosed);
      expect(tap.connections[0]).toMatchObject({ closedBy: "client", delivered: 0, platformClosed: true });
      // At once, not when the proxy's timeout would have ended.
      expect(clock.now()).toBe(0);
    } finally {
      await tap.close();
    }
  });

  it("the proxy's timeout closes the connection too: the platform never works for no one", async () => {
    const tap = await startTcpTap(platform, { holdAnswers: true });
    try {
      const clock = new FakeClock();
      const answer = proxyFor(tap.url, KEY, { clock, env: { LINK_API_TIMEOUT_MS: "15000" } }).forward(
        "analytics",
        dashboardRequest(WIDE),
      );
      await tap.until(() => tap.connections.length === 1 && tap.connections[0].sent > 0);
      await clock.advance(15_000);
      const response = await answer;
      expect(response.status).toBe(504);
      await tap.until(() => tap.connections[0].platformClosed);
      expect(tap.connections[0]).toMatchObject({ closedBy: "client", delivered: 0 });
    } finally {
      await tap.close();
    }
  });

  it("without the tap holding it back, the same request is answered: the tap itself changes nothing", async () => {
    const tap = await startTcpTap(platform);
    try {
      const response = await proxyFor(tap.url, KEY).forward("analytics", dashboardRequest(WIDE));
      expect(response.status).toBe(200);
      expect(tap.connections[0].delivered).toBe(tap.connections[0].answered);
    } finally {
      await tap.close();
    }
  });
});
