import { describe, expect, it } from "vitest";
import { analyticsQueryKey } from "./analyticsKeys";
import { customersReadsKey } from "./customersReads";
import { leadFacts, SALES_PER_READ, saleFacts, type LeadFacts, type SaleFacts } from "../analytics/customerPages";
import { leadEvent, saleEvent, sampleLink } from "../contract/testing/events";
import { filterDef } from "../filters/dimensions";
import { pageQuery } from "./eventsInView";
import { filterOptionsQuery } from "./useFilterOptions";
import { firstScreenState } from "./firstScreenState";
import { viewOfSearch } from "./viewOfSearch";
import { COUNT, flush, NOW, SERIES, streamedAs } from "./testing/firstScreenLoader";

describe("the customers report's first screen", () => {
  it("its first read of leads and of sales leave with the figures (after them in the queue, before the comparison); the page waits for them as for the key figures, and its HTML holds them under the keys its hook reads, as what the report keeps", async () => {
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

  it("when its first page needs more sales than one read holds, the next read leaves as soon as the first shows it (not before), and the HTML holds both as the pages of the hook's reads", async () => {
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

  it("the partner names of its first page are asked as soon as the read of leads shows a partner, under the partner filter's key, before the comparison", async () => {
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

  it("partner names answered within the grace after the table's reads (a cached reply) go with the HTML too", async () => {
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

  it("no request for partner names when nobody on its first page came through a partner", async () => {
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

  it("on a plan without events: both reads' refusal is said in the HTML under the hook's keys, neither streamed nor asked again, and no partner names asked", async () => {
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
});
