import { describe, expect, it } from "vitest";
import type { Metrics, TimeseriesRow } from "../contract/analytics";
import { analyticsQueryKey, periodId, type Period } from "./analyticsKeys";
import { figureSources, firstScreenPlan, monthsQuery, seriesPlan, totalsOf } from "./figurePlan";
import { firstScreenState, viewOfSearch } from "./firstScreenState";

const NOW = Date.UTC(2026, 10, 25, 16, 40);
const COUNT: Metrics = { clicks: 10, leads: 4, sales: 2, saleAmount: 900 };
const SERIES: TimeseriesRow[] = [
  { start: "2026-10-26T00:00:00.000Z", clicks: 0, leads: 0, sales: 0, saleAmount: 0 },
  { start: "2026-11-24T00:00:00.000Z", clicks: 7, leads: 3, sales: 1, saleAmount: 500 },
  { start: "2026-11-25T00:00:00.000Z", clicks: 5, leads: 1, sales: 1, saleAmount: 400 },
];

/** A loader that records each request and answers only when told: what starts before any answer is what starts at once. */
function recordingLoader() {
  const calls: { params: URLSearchParams; priority: number }[] = [];
  const waiting: (() => void)[] = [];
  const load = (params: string, priority: number) => {
    const parsed = new URLSearchParams(params);
    calls.push({ params: parsed, priority });
    return new Promise<unknown>((resolve) =>
      waiting.push(() => resolve(parsed.get("groupBy") === "timeseries" ? SERIES : COUNT)),
    );
  };
  const answerAll = () => waiting.splice(0).forEach((answer) => answer());
  return { calls, load, answerAll };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the first screen's request plan", () => {
  it("asks at most 4 requests for a 30-day view, all at once: the chart's series (the totals), first purchases, and both for the previous period", async () => {
    const { calls, load, answerAll } = recordingLoader();
    const state = firstScreenState("w/acme", new URLSearchParams("interval=30d&timezone=UTC"), NOW, load);
    await flush();
    const asked = calls.map(
      (c) => `${c.params.get("event")} ${c.params.get("groupBy")} ${c.params.get("start") ? "previous" : "current"}`,
    );
    expect(asked).toEqual([
      "composite timeseries current",
      "sales count current",
      "composite count previous",
      "sales count previous",
    ]);
    expect(calls.find((c) => c.params.get("event") === "sales")?.params.get("saleType")).toBe("new");
    // The current period before its comparison in the key's queue.
    expect(calls.map((c) => c.priority)).toEqual([10, 10, 5, 5]);
    answerAll();
    const dehydrated = await state;
    expect(dehydrated?.queries).toHaveLength(4);
  });

  it("fills exactly the keys the browser's hooks read", async () => {
    const { load, answerAll } = recordingLoader();
    const search = new URLSearchParams("interval=7d&timezone=Europe/Berlin&country=US&granularity=hour");
    const state = firstScreenState("w/acme", search, NOW, load);
    await flush();
    answerAll();
    const keys = (await state)?.queries.map((q) => JSON.stringify(q.queryKey)).sort();
    const { view, choice } = viewOfSearch(search);
    const current = figureSources(view, choice, new Date(NOW), "current");
    const previous = figureSources(view, choice, new Date(NOW), "previous");
    const chart = seriesPlan(view, choice, new Date(NOW));
    const key = (q: { query: Parameters<typeof analyticsQueryKey>[1]; period: Period } | null | undefined) =>
      q && analyticsQueryKey("w/acme", q.query, q.period);
    const hooks = [
      key(current.totals),
      key(current.firsts),
      key(previous.totals),
      key(previous.firsts),
      chart && analyticsQueryKey("w/acme", chart.query),
    ];
    expect(keys).toEqual([...new Set(hooks.map((k) => JSON.stringify(k)))].sort());
    expect(chart?.query.granularity).toBe("hour");
  });

  it("with the comparison drawn, the previous figures are the comparison series: still 4 requests", () => {
    for (const compare of ["compare=1", "compare=previous"]) {
      const { view, choice } = viewOfSearch(new URLSearchParams(`interval=30d&timezone=UTC&${compare}`));
      const plan = firstScreenPlan(view, choice, new Date(NOW));
      expect(plan.map((p) => `${p.query.event} ${p.query.groupBy} ${periodId(p.period)}`)).toEqual([
        "composite timeseries current",
        "sales count current",
        "composite timeseries previous",
        "sales count previous",
      ]);
    }
  });

  it("compared with the year before (or a custom range), the key figures compare with it too: still 4 requests", async () => {
    const { view, choice } = viewOfSearch(
      new URLSearchParams("interval=30d&timezone=UTC&compare=year&compareMatch=weekday"),
    );
    const plan = firstScreenPlan(view, choice, new Date(NOW));
    expect(plan.map((p) => `${p.query.event} ${p.query.groupBy} ${periodId(p.period)}`)).toEqual([
      "composite timeseries current",
      "sales count current",
      "composite timeseries year~weekday",
      "sales count year~weekday",
    ]);
    const { calls, load, answerAll } = recordingLoader();
    const state = firstScreenState(
      "w/acme",
      new URLSearchParams("interval=30d&timezone=UTC&compare=custom&compareStart=2026-01-01&compareEnd=2026-01-30"),
      NOW,
      load,
    );
    await flush();
    expect(calls.map((c) => `${c.params.get("groupBy")} ${c.params.get("start") ?? "current"}`)).toEqual([
      "timeseries current",
      "count current",
      "timeseries 2026-01-01T00:00:00.000Z",
      "count 2026-01-01T00:00:00.000Z",
    ]);
    answerAll();
    expect((await state)?.queries.map((q) => q.queryKey[3] ?? "current")).toEqual([
      "current",
      "current",
      "custom:2026-01-01..2026-01-30",
      "custom:2026-01-01..2026-01-30",
    ]);
  });

  it("all time: the month series (its totals and where the data begins) and first purchases at once, then the chart from the first month with data", async () => {
    const { calls, load, answerAll } = recordingLoader();
    const state = firstScreenState("w/acme", new URLSearchParams("interval=all&timezone=UTC"), NOW, load);
    await flush();
    expect(
      calls.map((c) =>
        `${c.params.get("event")} ${c.params.get("groupBy")} ${c.params.get("granularity") ?? ""}`.trim(),
      ),
    ).toEqual(["composite timeseries month", "sales count"]);
    answerAll();
    await flush();
    expect(calls).toHaveLength(3);
    expect(calls[2].params.get("start")).toBe("2026-11-24");
    answerAll();
    const keys = (await state)?.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(
      JSON.stringify(
        analyticsQueryKey("w/acme", monthsQuery(viewOfSearch(new URLSearchParams("interval=all&timezone=UTC")).view)),
      ),
    );
  });

  it("a sale type that decides first purchases needs no request for them", () => {
    const { view, choice } = viewOfSearch(new URLSearchParams("interval=24h&timezone=UTC&saleType=recurring"));
    expect(
      firstScreenPlan(view, choice, new Date(NOW)).map((p) => `${p.query.event} ${p.query.groupBy} ${p.period}`),
    ).toEqual(["composite timeseries current", "composite count previous"]);
  });

  it("leaves out what the platform refused, and a URL without a zone (the browser reads it in its own)", async () => {
    const refused = await firstScreenState(
      "w/acme",
      new URLSearchParams("interval=30d&timezone=UTC"),
      NOW,
      async () => null,
    );
    expect(refused?.queries).toEqual([]);
    expect(await firstScreenState("w/acme", new URLSearchParams("interval=30d"), NOW, async () => COUNT)).toBeNull();
  });

  it("sends what it has when the platform is slow", async () => {
    const state = await firstScreenState(
      "w/acme",
      new URLSearchParams("interval=30d&timezone=UTC"),
      NOW,
      () => new Promise(() => {}),
      5,
    );
    expect(state?.queries).toEqual([]);
  });
});

describe("totalsOf", () => {
  it("sums a series bucket by bucket, so the chart's total and the tiles are one reply", () => {
    expect(totalsOf(SERIES)).toEqual({ clicks: 12, leads: 4, sales: 2, saleAmount: 900 });
    expect(totalsOf(COUNT)).toBe(COUNT);
  });
});
