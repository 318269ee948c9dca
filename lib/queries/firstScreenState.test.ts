import { afterEach, describe, expect, it, vi } from "vitest";
import { topLinkRow } from "../analytics/topLinkRow.fixture";
import type { Metrics, TimeseriesRow } from "../contract/analytics";
import { analyticsQueryKey, periodId, type Period } from "./analyticsKeys";
import { figureSources, firstScreenPlan, monthsQuery, partnersQueries, seriesPlan, totalsOf } from "./figurePlan";
import { annotationsKey } from "./annotationsKey";
import { customersReadsKey } from "./customersReads";
import { leadFacts, SALES_PER_READ, saleFacts, type LeadFacts, type SaleFacts } from "../analytics/customerPages";
import { leadEvent, saleEvent, sampleLink } from "../contract/testing/events";
import { filterDef } from "../filters/dimensions";
import { pageQuery } from "./eventsInView";
import { filterOptionsQuery } from "./useFilterOptions";
import { FIRST_SCREEN_WAIT_MS, firstScreenState } from "./firstScreenState";
import type { FirstScreenData, StreamedReply } from "./firstScreenReplies";
import { FIRST_SCREEN_SHELL_WAIT_MS, shellWait } from "./shellWait";
import { viewOfSearch } from "./viewOfSearch";

const NOW = Date.UTC(2026, 10, 25, 16, 40);
const COUNT: Metrics = { clicks: 10, leads: 4, sales: 2, saleAmount: 900 };
const SERIES: TimeseriesRow[] = [
  { start: "2026-10-26T00:00:00.000Z", clicks: 0, leads: 0, sales: 0, saleAmount: 0 },
  { start: "2026-11-24T00:00:00.000Z", clicks: 7, leads: 3, sales: 1, saleAmount: 500 },
  { start: "2026-11-25T00:00:00.000Z", clicks: 5, leads: 1, sales: 1, saleAmount: 400 },
];

const linkRow = topLinkRow;
const LINKS = [linkRow("link_a", "pn_1", 1, 300), linkRow("link_b", null, 1, 200)];
const REPLIES: Record<string, unknown> = { timeseries: SERIES, top_links: LINKS, top_partners: [] };

/** A loader that records each request and answers only when told: what starts before any answer is what starts at once. */
function recordingLoader() {
  const calls: { endpoint: string; params: URLSearchParams; priority: number }[] = [];
  const waiting: { params: URLSearchParams; answer: () => void }[] = [];
  const load = (endpoint: string, params: string, priority: number) => {
    // The chart's notes: the dashboard's own database, at once (not an upstream request).
    if (endpoint === "annotations") return Promise.resolve({ annotations: [] });
    const parsed = new URLSearchParams(params);
    calls.push({ endpoint, params: parsed, priority });
    return new Promise<unknown>((resolve) =>
      waiting.push({
        params: parsed,
        answer: () => resolve(REPLIES[parsed.get("groupBy") ?? ""] ?? COUNT),
      }),
    );
  };
  const answer = (which: (params: URLSearchParams) => boolean) => {
    for (const wait of waiting.filter((w) => which(w.params))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.answer();
    }
  };
  const answerAll = () => answer(() => true);
  return { calls, load, answer, answerAll };
}

/** A streamed reply in a few words: "count low", "events sales". */
const streamedAs = (r: StreamedReply) =>
  r.kind === "analytics" ? `${r.groupBy} ${r.priority}` : r.kind === "customers" ? `events ${r.events}` : r.kind;

/** Every key the first screen fills: in the HTML, or streamed after it. */
const keysOf = (data: FirstScreenData | null) =>
  data ? [...data.state.queries.map((q) => q.queryKey), ...data.streamed.map((r) => r.queryKey)] : [];

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

  it("the customers report: its first read of leads and of sales leave with the figures (after them in the queue, before the comparison); the page waits for them as for the key figures, and its HTML holds them under the keys its hook reads, as what the report keeps", async () => {
    const lead = leadEvent({ id: "cus_1" });
    const sale = saleEvent(4900, "usd");
    const calls: { endpoint: string; params: URLSearchParams; priority: number }[] = [];
    const pending: { params: URLSearchParams; answer: () => void }[] = [];
    const load = (endpoint: string, params: string, priority: number) => {
      const parsed = new URLSearchParams(params);
      calls.push({ endpoint, params: parsed, priority });
      const reply =
        endpoint === "events"
          ? parsed.get("event") === "leads"
            ? [lead]
            : [sale]
          : parsed.get("groupBy") === "timeseries"
            ? SERIES
            : COUNT;
      return new Promise<unknown>((resolve) => pending.push({ params: parsed, answer: () => resolve(reply) }));
    };
    const answer = (which: (params: URLSearchParams) => boolean) => {
      for (const wait of pending.filter((w) => which(w.params))) {
        pending.splice(pending.indexOf(wait), 1);
        wait.answer();
      }
    };
    const search = new URLSearchParams("interval=90d&timezone=UTC&report=customers");
    let sent = false;
    const state = firstScreenState("w/acme", search, NOW, load).then((data) => {
      sent = true;
      return data;
    });
    await flush();
    expect(
      calls.map(
        (c) =>
          `${c.endpoint} ${c.params.get("event")} ${c.params.get("groupBy") ?? `read of ${c.params.get("limit") ?? "100 (the default)"}`} ${c.priority}`,
      ),
    ).toEqual([
      "analytics composite timeseries 10",
      "analytics sales count 10",
      "events leads read of 60 10",
      "events sales read of 300 10",
      "analytics composite count 5",
      "analytics sales count 5",
    ]);
    // The key figures alone are not the report's first screen: its table is still to come.
    answer((params) => !params.has("start") && params.has("groupBy"));
    await flush();
    expect(sent).toBe(false);
    answer((params) => !params.has("groupBy"));
    const data = await state;
    const { view } = viewOfSearch(search);
    const held = (key: readonly unknown[]) =>
      data?.state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
    // In the HTML as the first page of each kind's reads (the hook's infinite query), cut down to what the report keeps.
    expect(held(customersReadsKey("w/acme", view, "leads"))).toEqual({
      pages: [{ events: [leadFacts(lead as unknown as LeadFacts)], received: 1 }],
      pageParams: [1],
    });
    expect(held(customersReadsKey("w/acme", view, "sales"))).toEqual({
      pages: [{ events: [saleFacts(sale as unknown as SaleFacts)], received: 1 }],
      pageParams: [1],
    });
    // Nothing of the table is left for the browser to wait for: only the comparison is streamed.
    expect(data?.streamed.map(streamedAs)).toEqual(["count low", "count low"]);
  });

  it("the customers report: when its first page needs more sales than one read holds, the next read leaves as soon as the first shows it (not before), and the HTML holds both as the pages of the hook's reads", async () => {
    const lead = { ...leadEvent({ id: "cus_1" }), timestamp: "2026-11-20T10:00:00.000Z" };
    // A full read, all of it since the lead: the lead's sales may go on past it.
    const recent = Array.from({ length: SALES_PER_READ }, () => ({
      ...saleEvent(100, "usd"),
      timestamp: "2026-11-24T10:00:00.000Z",
    }));
    const older = { ...saleEvent(4900, "usd"), timestamp: "2026-11-19T10:00:00.000Z" };
    const calls: string[] = [];
    const pending: { read: string; answer: () => void }[] = [];
    const load = (endpoint: string, params: string) => {
      const parsed = new URLSearchParams(params);
      const read = endpoint === "events" ? `${parsed.get("event")} page ${parsed.get("page") ?? 1}` : "analytics";
      calls.push(read);
      const reply =
        endpoint === "events"
          ? parsed.get("event") === "leads"
            ? [lead]
            : parsed.get("page") === "2"
              ? [older]
              : recent
          : parsed.get("groupBy") === "timeseries"
            ? SERIES
            : COUNT;
      return new Promise<unknown>((resolve) => pending.push({ read, answer: () => resolve(reply) }));
    };
    const answer = (read: string) => {
      for (const wait of pending.filter((w) => w.read === read)) {
        pending.splice(pending.indexOf(wait), 1);
        wait.answer();
      }
    };
    const search = new URLSearchParams("interval=90d&timezone=UTC&report=customers");
    const state = firstScreenState("w/acme", search, NOW, load);
    await flush();
    expect(calls.filter((c) => c !== "analytics")).toEqual(["leads page 1", "sales page 1"]);
    answer("analytics");
    answer("leads page 1");
    await flush();
    // Whether a next read is needed is known only from the first: it waits for it, and for nothing else.
    expect(calls.filter((c) => c !== "analytics")).toEqual(["leads page 1", "sales page 1"]);
    answer("sales page 1");
    await flush();
    expect(calls.filter((c) => c !== "analytics")).toEqual(["leads page 1", "sales page 1", "sales page 2"]);
    answer("sales page 2");
    const data = await state;
    const { view } = viewOfSearch(search);
    const held = (key: readonly unknown[]) =>
      data?.state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
    expect(held(customersReadsKey("w/acme", view, "sales"))).toEqual({
      pages: [
        { events: recent.map((sale) => saleFacts(sale as unknown as SaleFacts)), received: SALES_PER_READ },
        { events: [saleFacts(older as unknown as SaleFacts)], received: 1 },
      ],
      pageParams: [1, 2],
    });
    expect(data?.streamed.filter((r) => r.kind === "customers")).toEqual([]);
  });

  it("the customers report: the partner names of its first page are asked as soon as the read of leads shows a partner, under the partner filter's key, before the comparison", async () => {
    const viaPartner = { ...leadEvent({ id: "cus_1" }), link: { ...sampleLink, partnerId: "pn_1" } };
    const sale = saleEvent(4900, "usd");
    const calls: string[] = [];
    const pending: (() => void)[] = [];
    const load = (endpoint: string, params: string, priority: number) => {
      const parsed = new URLSearchParams(params);
      calls.push(`${parsed.get("event")} ${parsed.get("groupBy") ?? "read"} ${priority}`);
      const reply =
        endpoint === "events"
          ? parsed.get("event") === "leads"
            ? [viaPartner]
            : [sale]
          : parsed.get("groupBy") === "timeseries"
            ? SERIES
            : parsed.get("groupBy") === "top_partners"
              ? []
              : COUNT;
      return new Promise<unknown>((resolve) => pending.push(() => resolve(reply)));
    };
    const search = new URLSearchParams("interval=90d&timezone=UTC&report=customers");
    const state = firstScreenState("w/acme", search, NOW, load);
    await flush();
    expect(calls).toHaveLength(6);
    for (const answer of pending.splice(0, 4)) answer();
    const data = await state;
    await flush();
    expect(calls.slice(6)).toEqual(["leads top_partners 10"]);
    const { view } = viewOfSearch(search);
    const names = data?.streamed.find((r) => r.kind === "analytics" && r.groupBy === "top_partners");
    const hooksQuery = filterOptionsQuery(filterDef("partnerId"), pageQuery(view, "leads", 1));
    expect(names?.queryKey).toEqual(hooksQuery && analyticsQueryKey("w/acme", hooksQuery));
    const leads = data?.state.queries.find(
      (q) => JSON.stringify(q.queryKey) === JSON.stringify(customersReadsKey("w/acme", view, "leads")),
    )?.state.data;
    expect(leads).toEqual({
      pages: [{ events: [leadFacts(viaPartner as unknown as LeadFacts)], received: 1 }],
      pageParams: [1],
    });
    expect(JSON.stringify(leads).length).toBeLessThan(JSON.stringify(viaPartner).length / 4);
  });

  it("the customers report: partner names answered within the grace after the table's reads (a cached reply) go with the HTML too", async () => {
    const viaPartner = { ...leadEvent({ id: "cus_1" }), link: { ...sampleLink, partnerId: "pn_1" } };
    const partners = [
      {
        partnerId: "pn_1",
        partner: { id: "pn_1", name: "Pat Partner", email: null, image: null, country: null },
        clicks: 1,
        leads: 1,
        sales: 0,
        saleAmount: 0,
      },
    ];
    const load = async (endpoint: string, params: string) => {
      const parsed = new URLSearchParams(params);
      if (endpoint === "events") return parsed.get("event") === "leads" ? [viaPartner] : [];
      if (parsed.get("groupBy") === "top_partners") return partners;
      return parsed.get("groupBy") === "timeseries" ? SERIES : COUNT;
    };
    const search = new URLSearchParams("interval=90d&timezone=UTC&report=customers");
    const data = await firstScreenState("w/acme", search, NOW, load);
    const { view } = viewOfSearch(search);
    const hooksQuery = filterOptionsQuery(filterDef("partnerId"), pageQuery(view, "leads", 1));
    expect(data?.state.queries.map((q) => q.queryKey)).toContainEqual(
      hooksQuery && analyticsQueryKey("w/acme", hooksQuery),
    );
    expect(data?.streamed).toEqual([]);
  });

  it("the customers report: no request for partner names when nobody on its first page came through a partner", async () => {
    const calls: string[] = [];
    const load = async (endpoint: string, params: string) => {
      const parsed = new URLSearchParams(params);
      calls.push(`${parsed.get("event")} ${parsed.get("groupBy") ?? "read"}`);
      if (endpoint === "events") return parsed.get("event") === "leads" ? [leadEvent({ id: "cus_1" })] : [];
      return parsed.get("groupBy") === "timeseries" ? SERIES : COUNT;
    };
    const data = await firstScreenState(
      "w/acme",
      new URLSearchParams("interval=90d&timezone=UTC&report=customers"),
      NOW,
      load,
    );
    await flush();
    expect(calls.filter((c) => c.includes("top_partners"))).toEqual([]);
    const names = data?.streamed.find((r) => r.kind === "analytics" && r.groupBy === "top_partners");
    expect(names === undefined || (await names.body) === null).toBe(true);
  });

  it("the customers report on a plan without events: both reads' refusal is said in the HTML under the hook's keys, neither streamed nor asked again, and no partner names asked", async () => {
    const calls: string[] = [];
    const refusal = { refused: { status: 403, code: "forbidden", message: "Events need the Business plan." } };
    const load = async (endpoint: string, params: string) => {
      const parsed = new URLSearchParams(params);
      calls.push(`${parsed.get("event")} ${parsed.get("groupBy") ?? "read"}`);
      if (endpoint === "events") return refusal;
      return parsed.get("groupBy") === "timeseries" ? SERIES : COUNT;
    };
    const search = new URLSearchParams("interval=90d&timezone=UTC&report=customers");
    const data = await firstScreenState("w/acme", search, NOW, load);
    await flush();
    const { view } = viewOfSearch(search);
    expect(data?.refused).toEqual(
      (["leads", "sales"] as const).map((events) => ({
        queryKey: customersReadsKey("w/acme", view, events),
        ...refusal.refused,
        at: NOW,
      })),
    );
    expect(data?.streamed.filter((r) => r.kind === "customers")).toEqual([]);
    expect(calls.filter((c) => c.includes("top_partners"))).toEqual([]);
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

describe("the page's shell waits for a cached first screen, and a moment at most for the platform (shellWait)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** What `promise` has settled to by the time the queued microtasks have run ("pending" if not yet). */
  async function settledNow<T>(promise: Promise<T>): Promise<T | "pending"> {
    let settled: T | "pending" = "pending";
    void promise.then((value) => (settled = value));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    return settled;
  }

  const never = () => new Promise<never>(() => {});

  it("goes as soon as the first screen is in hand, with it, so a cached one is in the HTML itself", async () => {
    vi.useFakeTimers();
    let answer: (data: null) => void = () => {};
    const shell = shellWait(new Promise((resolve) => (answer = resolve)), never());
    expect(await settledNow(shell)).toBe("pending");
    answer(null);
    // No time has passed on the clock: the shell went with the answer, not with the timer.
    expect(await settledNow(shell)).toBe(true);
  });

  it("waits for replies that are all cache hits however long they take (a loaded machine): no timer ends it", async () => {
    vi.useFakeTimers();
    let answer: (data: null) => void = () => {};
    const shell = shellWait(new Promise((resolve) => (answer = resolve)), never());
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS * 40);
    expect(await settledNow(shell)).toBe("pending");
    answer(null);
    expect(await settledNow(shell)).toBe(true);
  });

  it("once a reply needs the platform, goes without the first screen when the wait is over (it then streams after the shell)", async () => {
    vi.useFakeTimers();
    let needsPlatform: () => void = () => {};
    const shell = shellWait(never(), new Promise<void>((resolve) => (needsPlatform = resolve)));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS / 2);
    needsPlatform();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS / 2 - 1);
    expect(await settledNow(shell)).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(shell)).toBe(false);
  });

  it("goes at once when a reply is known to need the platform only after the wait, and a failure holds nothing", async () => {
    vi.useFakeTimers();
    let needsPlatform: () => void = () => {};
    const shell = shellWait(never(), new Promise<void>((resolve) => (needsPlatform = resolve)));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS * 2);
    expect(await settledNow(shell)).toBe("pending");
    needsPlatform();
    await vi.advanceTimersByTimeAsync(0);
    expect(await settledNow(shell)).toBe(false);
    expect(await settledNow(shellWait(Promise.reject(new Error("refused")), never()))).toBe(true);
  });
});
