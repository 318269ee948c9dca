import { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BREAKDOWN_GROUP_BYS } from "../../contract/dimensions";
import type { LinkEvent } from "../../contract/events";
import { MAX_FILTER_VALUES } from "../../contract/filterValues";
import { openPlatform, type Platform } from "../openPlatform";
import { TestClock } from "../testing/clock";
import { serveApp, type ServedApp } from "../testing/serveApp";
import { stallingDb, type StallingDb } from "../testing/stallingDb";
import { createApp } from "./platformApp";
import { QUERY_DEADLINE_MS } from "./requestWork";
import { thrown } from "../testing/sdk";

/**
 * The hosted platform's own TypeScript SDK (npm `dub`, which validates every reply with its
 * schemas) against a real embedded-platform process: any reply it rejects fails here. Events of
 * every kind, with and without filters, and every /analytics grouping whose rows the SDK knows;
 * and every error the platform answers, which the SDK reads into its typed error only when the
 * body has the shape it expects (otherwise it throws a validation error instead).
 */

/** The groupings the SDK's reply union has a row schema for (its others it cannot read from anyone). */
const SDK_GROUPINGS = [
  "continents",
  "countries",
  "regions",
  "cities",
  "devices",
  "browsers",
  "os",
  "triggers",
  "referers",
  "referer_urls",
  "top_links",
  "top_urls",
] as const;
const KINDS = ["clicks", "leads", "sales"] as const;

let dub: Dub;

const sdkFor = (serverURL: string, token = "demo_business_key") =>
  new Dub({ token, serverURL, retryConfig: { strategy: "none" } });

beforeAll(() => {
  dub = sdkFor(inject("platformUrl"));
});

/** What the SDK threw, for `expect(...).toBeInstanceOf(errors.X)`. */
describe("the dub SDK reads the embedded platform's events", () => {
  for (const event of KINDS) {
    it(`${event}, unfiltered and over every page size`, async () => {
      for (const limit of [1, 100, 1000]) {
        const events = await dub.events.list({ event, interval: "30d", limit });
        expect(events.length, `${event} limit=${limit}`).toBeGreaterThan(0);
      }
    });

    it(`${event}, filtered`, async () => {
      const filtered = await dub.events.list({
        event,
        interval: "30d",
        country: "US,DE",
        device: "-Tablet",
        sortOrder: "asc",
        page: 2,
        limit: 50,
      });
      expect(Array.isArray(filtered)).toBe(true);
    });

    it(`${event}, by the link, tag, partner, customer and click attributes of its own events, all time, and past the last page`, async () => {
      const [sample] = (await dub.events.list({ event, interval: "all", limit: 1 })) as unknown as LinkEvent[];
      const { link, click } = sample;
      // Each set matches at least the sample itself.
      const filterSets: Record<string, string | boolean>[] = [
        { domain: link.domain, key: link.key },
        { linkId: link.id },
        { city: click.city, region: click.region, os: click.os, browser: click.browser, referer: click.referer },
      ];
      if (link.tags?.[0]) filterSets.push({ tagId: link.tags[0].id });
      if (link.partnerId) filterSets.push({ partnerId: link.partnerId });
      if (link.folderId) filterSets.push({ folderId: link.folderId });
      if (sample.event !== "click") filterSets.push({ customerId: sample.customer.id });
      for (const filters of filterSets) {
        const events = await dub.events.list({ event, interval: "all", limit: 100, ...filters });
        expect(events.length, JSON.stringify(filters)).toBeGreaterThan(0);
      }
      await dub.events.list({
        event,
        interval: "all",
        trigger: "qr,link",
        root: false,
        utmSource: "-google",
        sortOrder: "asc",
      });
      expect(await dub.events.list({ event, interval: "all", page: 1_000_000, limit: 1000 })).toEqual([]);
    });
  }

  it("sales of each type, and leads and sales found by metadata", async () => {
    for (const saleType of ["new", "recurring"] as const)
      expect((await dub.events.list({ event: "sales", interval: "30d", saleType })).length).toBeGreaterThan(0);
    await dub.events.list({ event: "leads", interval: "30d", query: "metadata['plan']:'pro'" });
    await dub.events.list({ event: "sales", interval: "30d", query: "metadata['plan']:'pro'" });
    // Sales paid in another currency are USD to the client; what was paid is in their metadata.
    const paid = await dub.events.list({
      event: "sales",
      interval: "all",
      query: "metadata['original_currency']:'eur'",
    });
    expect(paid.length).toBeGreaterThan(0);
  });
});

describe("the dub SDK reads the embedded platform's analytics", () => {
  it("count and timeseries of every event", async () => {
    for (const event of ["clicks", "leads", "sales", "composite"] as const) {
      await dub.analytics.retrieve({ event, groupBy: "count", interval: "30d" });
      await dub.analytics.retrieve({ event, groupBy: "timeseries", interval: "30d", timezone: "Europe/Berlin" });
      await dub.analytics.retrieve({ event, groupBy: "timeseries", interval: "all", country: "US" });
    }
  });

  it.each(SDK_GROUPINGS.map((groupBy) => [groupBy]))("%s, of every event, unfiltered and filtered", async (groupBy) => {
    expect(BREAKDOWN_GROUP_BYS).toContain(groupBy);
    for (const event of ["clicks", "leads", "sales", "composite"] as const) {
      await dub.analytics.retrieve({ event, groupBy, interval: "30d" });
      await dub.analytics.retrieve({ event, groupBy, interval: "30d", country: "US,DE", trigger: "link" });
      if (event !== "clicks" && event !== "leads")
        await dub.analytics.retrieve({ event, groupBy, interval: "90d", saleType: "new" });
      if (event !== "clicks")
        await dub.analytics.retrieve({ event, groupBy, interval: "90d", query: "metadata['plan']:'pro'" });
    }
  });
});

describe("the dub SDK reads the embedded platform's errors as its own typed errors", () => {
  it("400, 401, 403 and 422", async () => {
    expect(await thrown(() => dub.events.list({ event: "clicks", start: "yesterday" }))).toBeInstanceOf(
      errors.BadRequest,
    );
    expect(await thrown(() => sdkFor(inject("platformUrl"), "no_such_key").events.list({}))).toBeInstanceOf(
      errors.Unauthorized,
    );
    expect(await thrown(() => sdkFor(inject("platformUrl"), "demo_pro_key").events.list({}))).toBeInstanceOf(
      errors.Forbidden,
    );
    expect(await thrown(() => sdkFor(inject("platformUrl"), "demo_free_key").analytics.retrieve({}))).toBeInstanceOf(
      errors.Forbidden,
    );
    expect(await thrown(() => dub.events.list({ country: "USA" }))).toBeInstanceOf(errors.UnprocessableEntity);
    const tooMany = Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `link_${i}`).join(",");
    expect(await thrown(() => dub.events.list({ linkId: tooMany }))).toBeInstanceOf(errors.UnprocessableEntity);
  });

  describe("from an app in this process, on the test's clock", () => {
    let platform: Platform;
    let clock: TestClock;
    let stalling: StallingDb;
    let served: ServedApp[] = [];

    beforeAll(async () => {
      clock = new TestClock(new Date());
      platform = await openPlatform(inject("dataFile"), { poolSize: 1, timers: clock });
    });
    afterAll(async () => {
      await Promise.all(served.map((s) => s.close()));
      served = [];
      platform?.close();
    });

    async function serve(options: { stalled: boolean; rateLimitScale: number }): Promise<string> {
      stalling = stallingDb(platform.store.db);
      const store = options.stalled ? { ...platform.store, db: stalling.db } : platform.store;
      const app = await serveApp(
        createApp({ store, now: clock.now, timers: clock, rateLimitScale: options.rateLimitScale }),
      );
      served.push(app);
      return app.url;
    }

    it("429 past the key's rate limit, with Retry-After", async () => {
      const limited = sdkFor(await serve({ stalled: false, rateLimitScale: 1 }));
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          limited.events.list({ limit: 1 }).then(
            () => null,
            (err: unknown) => err,
          ),
        ),
      );
      const refused = outcomes.filter((err) => err !== null);
      expect(refused.length).toBeGreaterThan(0);
      for (const err of refused) {
        expect(err).toBeInstanceOf(errors.RateLimitExceeded);
        expect((err as errors.RateLimitExceeded).headers.get("retry-after")).toBe("1");
      }
    });

    it(`422 at the query deadline (${QUERY_DEADLINE_MS / 1000} s), and 429 when no connection frees up in time`, async () => {
      const url = await serve({ stalled: true, rateLimitScale: 1000 });
      const slow = thrown(() =>
        sdkFor(url).analytics.retrieve({ event: "composite", groupBy: "timeseries", interval: "90d" }),
      );
      await stalling.next();
      // The one connection is taken: the next request waits for it, then is refused.
      const waiting = thrown(() => sdkFor(url, "demo_advanced_key").events.list({ event: "sales" }));
      await stalling.next();
      clock.advance(2000);
      const busy = await waiting;
      expect(busy).toBeInstanceOf(errors.RateLimitExceeded);
      expect((busy as errors.RateLimitExceeded).headers.get("retry-after")).toBe("2");
      clock.advance(QUERY_DEADLINE_MS - 2000);
      const deadline = await slow;
      expect(deadline).toBeInstanceOf(errors.UnprocessableEntity);
      expect((deadline as errors.UnprocessableEntity).error.message).toContain(
        `did not finish within ${QUERY_DEADLINE_MS / 1000} s`,
      );
      expect(platform.poolStats()).toEqual({ idle: 1, leased: 0, waiting: 0 });
    });
  });
});
