import { describe, expect, it } from "vitest";
import { analyticsQueryKey, periodId, type Period } from "./analyticsKeys";
import { figureSources, firstScreenPlan, monthsQuery, partnersQueries, seriesPlan, totalsOf } from "./figurePlan";
import { annotationsKey } from "./annotationsKey";
import { FIRST_SCREEN_WAIT_MS, firstScreenState } from "./firstScreenState";
import { viewOfSearch } from "./viewOfSearch";
import { COUNT, flush, keysOf, NOW, recordingLoader, SERIES, streamedAs } from "./testing/firstScreenLoader";

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
    const data = await state;
    expect(data?.state.queries.filter((q) => q.queryKey[1] === "analytics")).toHaveLength(4);
    // The chart's notes (the dashboard's own database, no upstream request) come with them.
    expect(data?.state.queries.map((q) => q.queryKey)).toContainEqual(annotationsKey("w/acme"));
    expect(data?.streamed).toEqual([]);
  });

  it("waits for the key figures (the current period), not for their comparison", async () => {
    const { load, answer } = recordingLoader();
    let sent = false;
    void firstScreenState("w/acme", new URLSearchParams("interval=30d&timezone=UTC"), NOW, load).then(() => {
      sent = true;
    });
    await flush();
    answer((params) => params.has("start"));
    await flush();
    expect(sent).toBe(false);
    answer(() => true);
    await flush();
    expect(sent).toBe(true);
  });

  it("sends the key figures as soon as they are in: the comparison's replies are streamed after them, as the very requests made", async () => {
    const { calls, load, answer } = recordingLoader();
    const state = firstScreenState("w/acme", new URLSearchParams("interval=30d&timezone=UTC"), NOW, load);
    await flush();
    // The current period (the chart's series and first purchases) answered; its comparison still out.
    answer((params) => !params.has("start"));
    const data = await state;
    expect(
      data?.state.queries.filter((q) => q.queryKey[1] === "analytics").map((q) => q.queryKey[3] ?? "current"),
    ).toEqual(["current", "current"]);
    expect(data?.streamed.map((r) => `${streamedAs(r)} ${r.queryKey[3]}`)).toEqual([
      "count low previous",
      "count low previous",
    ]);
    // Each streamed reply names the request the server made, so a browser asking itself asks the same.
    const previous = calls.filter((c) => c.params.has("start")).map((c) => c.params.toString());
    expect(data?.streamed.map((r) => ("params" in r ? r.params : null))).toEqual(previous);
    answer(() => true);
    expect(await Promise.all(data?.streamed.map((r) => r.body) ?? [])).toEqual([COUNT, COUNT]);
  });

  it("a comparison answered right after the key figures (a cached reply) goes with the HTML: nothing left for the browser to wait for", async () => {
    const { load, answer } = recordingLoader();
    const state = firstScreenState("w/acme", new URLSearchParams("interval=30d&timezone=UTC"), NOW, load);
    await flush();
    answer((params) => !params.has("start"));
    // The comparison comes a moment later, within the page's grace after the figures.
    await Promise.resolve();
    answer(() => true);
    const data = await state;
    expect(
      data?.state.queries.map((q) => (q.queryKey[1] === "annotations" ? "notes" : (q.queryKey[3] ?? "current"))),
    ).toEqual(["notes", "current", "current", "previous", "previous"]);
    expect(data?.streamed).toEqual([]);
  });

  it("holds the notes on the chart (the dashboard's own, no upstream request) under the key the chart's hook reads", async () => {
    const { load, answerAll } = recordingLoader();
    const notes = [
      { id: "n1", day: "2026-11-20", note: "Launch", authorName: null, editable: false, createdAt: "", updatedAt: "" },
    ];
    const state = firstScreenState("w/acme", new URLSearchParams("interval=30d&timezone=UTC"), NOW, (e, params, p) =>
      e === "annotations" ? Promise.resolve({ annotations: notes }) : load(e, params, p),
    );
    await flush();
    answerAll();
    const data = await state;
    expect(data?.state.queries.find((q) => q.queryKey[1] === "annotations")).toMatchObject({
      queryKey: annotationsKey("w/acme"),
      state: { data: notes },
    });
  });

  it("the partners report: 5 requests, its first purchases per link being the key figures' own; its table's other request starts with the figures, after them in the key's queue and before the comparison; the page waits for the figures only", async () => {
    const { calls, load, answer } = recordingLoader();
    const search = new URLSearchParams("interval=90d&timezone=UTC&report=partners");
    const state = firstScreenState("w/acme", search, NOW, load);
    await flush();
    expect(
      calls.map(
        (c) =>
          `${c.params.get("event")} ${c.params.get("groupBy")} ${c.params.get("saleType") ?? ""} ${c.params.get("start") ? "previous" : "current"} ${c.priority}`,
      ),
    ).toEqual([
      "composite timeseries  current 10",
      "sales top_links new current 10",
      "composite top_partners  current 10",
      "composite count  previous 5",
      "sales top_links new previous 5",
    ]);
    answer((params) => params.get("groupBy") !== "top_partners" && !params.has("start"));
    const data = await state;
    expect(data?.state.queries).toHaveLength(2);
    expect(data?.streamed.map(streamedAs)).toEqual(["top_partners high", "count low", "top_links low"]);
    // The keys its hooks read (lib/queries/usePartnersReport.ts, lib/queries/useFigures.ts): the report's first purchases are the figures'.
    const { view, choice } = viewOfSearch(search);
    const { all, firsts } = partnersQueries(view);
    const figuresFirsts = figureSources(view, choice, new Date(NOW), "current", "partners").firsts;
    expect(figuresFirsts?.query).toEqual(firsts);
    expect(data?.state.queries.map((q) => q.queryKey)).toContainEqual(firsts && analyticsQueryKey("w/acme", firsts));
    expect(data?.streamed[0]?.queryKey).toEqual(analyticsQueryKey("w/acme", all));
  });

  it("the partners report on a view of new sales only: no request for first purchases (every sale is one), 3 requests", async () => {
    const { calls, load } = recordingLoader();
    void firstScreenState(
      "w/acme",
      new URLSearchParams("interval=90d&timezone=UTC&report=partners&saleType=new"),
      NOW,
      load,
    );
    await flush();
    expect(calls.map((c) => `${c.params.get("groupBy")} ${c.params.get("start") ? "previous" : "current"}`)).toEqual([
      "timeseries current",
      "top_partners current",
      "count previous",
    ]);
  });

  it("fills exactly the keys the browser's hooks read", async () => {
    const { load, answerAll } = recordingLoader();
    const search = new URLSearchParams("interval=7d&timezone=Europe/Berlin&country=US&granularity=hour");
    const state = firstScreenState("w/acme", search, NOW, load);
    await flush();
    answerAll();
    const keys = keysOf(await state)
      .map((k) => JSON.stringify(k))
      .sort();
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
      annotationsKey("w/acme"),
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
    expect(
      keysOf(await state)
        .filter((k) => k[1] === "analytics")
        .map((k) => k[3] ?? "current"),
    ).toEqual(["current", "current", "custom:2026-01-01..2026-01-30", "custom:2026-01-01..2026-01-30"]);
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
    const data = await state;
    // The chart's series from the first month with data follows the figures (streamed).
    expect(data?.streamed.map((r) => new URLSearchParams("params" in r ? r.params : "").get("start"))).toEqual([
      "2026-11-24",
    ]);
    const keys = data?.state.queries.map((q) => JSON.stringify(q.queryKey));
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

  it("a reply refused after the HTML went is streamed as null: the browser asks for it itself, with the same request", async () => {
    const { load, answer } = recordingLoader();
    const refusals: Array<(body: null) => void> = [];
    const answered = firstScreenState(
      "w/acme",
      new URLSearchParams("interval=30d&timezone=UTC"),
      NOW,
      (e, params, p) =>
        new URLSearchParams(params).has("start")
          ? new Promise<null>((resolve) => refusals.push(resolve))
          : load(e, params, p),
      FIRST_SCREEN_WAIT_MS,
      // No grace after the figures: the refusal comes after the HTML went.
      0,
    );
    await flush();
    answer(() => true);
    const data = await answered;
    for (const refuse of refusals) refuse(null);
    expect(data?.streamed).toHaveLength(2);
    expect(await Promise.all(data?.streamed.map((r) => r.body) ?? [])).toEqual([null, null]);
  });

  it("leaves out what the platform refused, and a URL without a zone (the browser reads it in its own)", async () => {
    const refused = await firstScreenState(
      "w/acme",
      new URLSearchParams("interval=30d&timezone=UTC"),
      NOW,
      async () => null,
    );
    // Left out: the page's hooks ask for what they show, and say why it is missing.
    expect(refused).toEqual({ state: expect.objectContaining({ queries: [] }), streamed: [], refused: [] });
    expect(await firstScreenState("w/acme", new URLSearchParams("interval=30d"), NOW, async () => COUNT)).toBeNull();
  });

  it("the overview's chart notes come with the figures (the dashboard's own database, no upstream request), streamed when later; a report, which draws no chart, reads none", async () => {
    const read: string[] = [];
    const notes = [{ id: "an_1", day: "2026-11-20", note: "Launch" }];
    let answerNotes: (body: unknown) => void = () => {};
    const load = (endpoint: string, params: string) => {
      read.push(endpoint);
      if (endpoint === "annotations") return new Promise<unknown>((resolve) => (answerNotes = resolve));
      return Promise.resolve(new URLSearchParams(params).get("groupBy") === "timeseries" ? SERIES : COUNT);
    };
    const late = await firstScreenState("w/acme", new URLSearchParams("interval=30d&timezone=UTC"), NOW, load);
    const streamed = late?.streamed.find((r) => r.kind === "annotations");
    expect(streamed?.queryKey).toEqual(annotationsKey("w/acme"));
    answerNotes({ annotations: notes });
    expect(await streamed?.body).toEqual(notes);
    read.splice(0);
    for (const report of ["partners", "customers"]) {
      await firstScreenState("w/acme", new URLSearchParams(`interval=30d&timezone=UTC&report=${report}`), NOW, load);
      expect(read).not.toContain("annotations");
    }
  });

  it("sends what it has when the platform is slow", async () => {
    const state = await firstScreenState(
      "w/acme",
      new URLSearchParams("interval=30d&timezone=UTC"),
      NOW,
      () => new Promise(() => {}),
      5,
    );
    expect(state?.state.queries).toEqual([]);
    expect(state?.streamed.map(streamedAs)).toEqual([
      "timeseries high",
      "count high",
      "count low",
      "count low",
      "annotations",
    ]);
    // The customers report's table too: its reads are streamed, under the keys its hook reads.
    const report = await firstScreenState(
      "w/acme",
      new URLSearchParams("interval=90d&timezone=UTC&report=customers"),
      NOW,
      () => new Promise(() => {}),
      5,
    );
    expect(report?.streamed.map(streamedAs)).toEqual([
      "timeseries high",
      "count high",
      "count low",
      "count low",
      "events leads",
      "events sales",
      "top_partners high",
    ]);
  });
});

describe("totalsOf", () => {
  it("sums a series bucket by bucket, so the chart's total and the tiles are one reply", () => {
    expect(totalsOf(SERIES)).toEqual({ clicks: 12, leads: 4, sales: 2, saleAmount: 900 });
    expect(totalsOf(COUNT)).toBe(COUNT);
  });
});
