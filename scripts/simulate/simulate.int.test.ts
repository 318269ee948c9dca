import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWritable, type WritablePlatform } from "../../lib/platform/testing/writablePlatform";
import { ADDRESS_BLOCKS } from "./addresses";
import { simulate } from "./traffic";

/** npm run simulate against a writable platform of the test's own: what it sends is what the platform then lists. */
describe("npm run simulate", () => {
  let platform: WritablePlatform;
  beforeAll(async () => {
    platform = await startWritable();
  });
  afterAll(() => platform?.close());

  // A fixed window, not a rolling "last 24 hours": seeded events leaving a rolling window while the run lasts would change the totals.
  const windowStart = new Date(Date.now() - 60_000).toISOString();
  const windowEnd = new Date(Date.now() + 3_600_000).toISOString();
  const total = async (event: string) => {
    const reply = await platform.request(
      `/analytics?event=${event}&groupBy=count&start=${windowStart}&end=${windowEnd}`,
    );
    expect(reply.status).toBe(200);
    return (reply.body as Record<string, number>)[event];
  };

  it("sends clicks through the resolver and tracks leads and sales, each of which the platform then counts", async () => {
    const before = { clicks: await total("clicks"), leads: await total("leads"), sales: await total("sales") };
    const counts = await simulate(
      { base: platform.url, key: "demo_business_key", rate: 40, seconds: 2, leadShare: 1, saleShare: 1, seed: 3 },
      { signal: new AbortController().signal, onSecond: () => {} },
    );
    expect(counts.failures).toBe(0);
    expect(counts.clicks).toBeGreaterThan(0);
    expect(counts.leads).toBeGreaterThan(0);
    expect(counts.sales).toBeGreaterThanOrEqual(counts.leads);
    expect(await total("clicks")).toBe(before.clicks + counts.clicks);
    expect(await total("leads")).toBe(before.leads + counts.leads);
    expect(await total("sales")).toBe(before.sales + counts.sales);

    // Each simulated visitor has a public address, so its click is placed in a country (and mostly a city).
    const listed = await platform.request(
      `/events?event=clicks&start=${windowStart}&end=${windowEnd}&limit=${counts.clicks}`,
    );
    expect(listed.status).toBe(200);
    const clicks = (listed.body as { click: { country: string; city: string; ip: string } }[]).map((e) => e.click);
    expect(clicks).toHaveLength(counts.clicks);
    const countries = new Set(ADDRESS_BLOCKS.map((b) => b.country));
    for (const click of clicks)
      expect(countries.has(click.country), `${click.ip} placed in ${click.country}`).toBe(true);
    expect(new Set(clicks.map((c) => c.country)).size).toBeGreaterThan(3);
    expect(clicks.filter((c) => c.city !== "Unknown").length).toBeGreaterThan(clicks.length / 2);
  });

  it("says what is wrong when no platform answers", async () => {
    const run = simulate(
      { base: "http://127.0.0.1:9", key: "k", rate: 1, seconds: 1, leadShare: 0, saleShare: 0, seed: 1 },
      { signal: new AbortController().signal, onSecond: () => {} },
    );
    await expect(run).rejects.toThrow("could not be reached");
  });
});
