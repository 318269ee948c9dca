import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { analyticsReplySchemas } from "@/lib/contract/analytics";
import { errorBodySchema } from "@/lib/contract/errors";
import type { Proxy } from "@/lib/upstream/upstreamProxy";
import { useUpstream } from "@/lib/upstream/testing/env";
import { proxyFor } from "@/lib/upstream/testing/testProxy";
import {
  bracketedMiss,
  expectRelayedMiss,
  itRefusesBeforeUpstream,
  routeUnderTest,
} from "@/lib/upstream/testing/route";
import { startCountingProxy, type CountingProxy } from "@/lib/upstream/testing/servers";
import { GET } from "./route";

/**
 * The route as deployed (the dashboard's own proxy, built from the environment on first use),
 * and proxies of the tests' own for other keys and upstreams.
 */

const platform = inject("platformUrl");
const KEY = "demo_business_key";
const route = routeUnderTest(platform, "/analytics", GET, KEY);
const { direct, proxied } = route;
/** GET /api/analytics through a proxy of the test's own. */
const via = (proxy: Proxy, key: string) =>
  routeUnderTest(platform, "/analytics", (request) => proxy.forward("analytics", request), key);

describe("GET /api/analytics against the platform", () => {
  let counter: CountingProxy;

  beforeAll(async () => {
    counter = await startCountingProxy(platform);
    useUpstream(counter.url, KEY);
  });
  afterAll(() => counter.close());

  it.each([
    "",
    "groupBy=count&event=composite&interval=30d",
    "groupBy=timeseries&event=composite&interval=7d&timezone=America/New_York",
    "groupBy=timeseries&start=2026-11-01&end=2026-11-01&timezone=America/New_York&granularity=hour",
    "groupBy=countries&interval=30d",
    "groupBy=cities&event=composite&country=US,DE&device=-Mobile&saleType=new&interval=all",
    "groupBy=top_links&event=sales&interval=all",
    "groupBy=top_link_tags&event=leads&interval=90d&query=metadata['plan']:'pro'",
    "groupBy=top_partners&event=composite&interval=all",
    "groupBy=utm_sources&interval=30d&trigger=qr,pageview",
  ])("relays ?%s with the platform's exact body", async (query) => {
    const { viaProxy, around } = await bracketedMiss(route, query);
    const body = await expectRelayedMiss(viaProxy, around);
    const groupBy = new URLSearchParams(query).get("groupBy") ?? "count";
    expect(
      analyticsReplySchemas[groupBy as keyof typeof analyticsReplySchemas].safeParse(JSON.parse(body)).success,
    ).toBe(true);
  });

  describe("refuses a bad query before any upstream call, with the platform's own error", () => {
    itRefusesBeforeUpstream(route, () => counter, [
      ["groupBy=bogus", 422],
      ["groupBy=count&granularity=day", 422],
      ["event=clicks&saleType=new", 422],
      ["event=leads&saleType=recurring", 422],
      ["event=clicks&query=metadata['plan']:'pro'", 422],
      ["groupBy=timeseries&granularity=minute", 422],
      ["timezone=Mars/Olympus", 422],
      ["key=spring", 422],
      ["start=yesterday", 400],
      ["country=US&country=DE", 400],
    ]);
  });

  it("a 422 only the platform can find (too many buckets) is relayed as is", async () => {
    const query = "groupBy=timeseries&interval=all&granularity=hour";
    const [viaProxy, viaPlatform] = await Promise.all([proxied(query), direct(query)]);
    expect(viaProxy.status).toBe(422);
    expect(await viaProxy.text()).toBe(await viaPlatform.text());
  });

  it("the pro key's charts work through the proxy while its events are refused", async () => {
    const pro = via(proxyFor(platform, "demo_pro_key"), "demo_pro_key");
    const charts = await pro.proxied("groupBy=count&event=composite&interval=30d");
    expect(charts.status).toBe(200);
    expect(await charts.text()).toBe(await (await pro.direct("groupBy=count&event=composite&interval=30d")).text());
    const free = await via(proxyFor(platform, "demo_free_key"), "demo_free_key").proxied("groupBy=count&interval=30d");
    expect(free.status).toBe(403);
    expect(errorBodySchema.parse(await free.json()).error.message).toMatch(
      /^plan too low: GET \/analytics requires the Pro plan/,
    );
  });

  it("accepts both priority forms the browser sends: names from charts, numbers from the events table", async () => {
    for (const priority of ["high", "low", "HIGH", "10", "-10", "bogus"]) {
      // A distinct chart each time, so every one goes upstream through the priority queue.
      const response = await proxied(`groupBy=devices&interval=7d&referer=-${encodeURIComponent(priority)}`, {
        headers: { "X-Linklens-Priority": priority },
      });
      expect(response.status, priority).toBe(200);
    }
  });

  it("canonical parameters share one cache entry: one upstream request for the same chart spelled two ways", async () => {
    const fresh = await startCountingProxy(platform);
    try {
      const { proxied: viaFresh } = via(proxyFor(fresh.url, KEY), KEY);
      const a = await viaFresh("groupBy=countries&event=composite&interval=30d&country=us,de");
      const b = await viaFresh("country=US,DE&interval=30d&event=composite&groupBy=countries&timezone=UTC");
      expect(a.status).toBe(200);
      expect(await a.text()).toBe(await b.text());
      expect(fresh.count("/analytics")).toBe(1);
      expect([a.headers.get("x-linklens-cache"), b.headers.get("x-linklens-cache")]).toEqual(["miss", "hit"]);
      expect(b.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
      expect(b.headers.get("x-ratelimit-limit")).toBe(a.headers.get("x-ratelimit-limit"));
      expect([b.headers.get("x-ratelimit-remaining"), b.headers.get("x-ratelimit-reset")]).toEqual([null, null]);
    } finally {
      await fresh.close();
    }
  });
});
