import { describe, expect, it } from "vitest";
import { readEventElements, type ReadLeadEvent, type ReadSaleEvent } from "../contract/readEvents";
import { leadEvent, saleEvent } from "../contract/testing/events";
import {
  CUSTOMERS_PER_PAGE,
  customersByNewestLead,
  customersPage,
  leadFacts,
  saleFacts,
  withSalesSinceLead,
} from "./customerPages";

function lead(customerId: string, timestamp: string): ReadLeadEvent {
  const base = leadEvent({ id: customerId, name: `Name ${customerId}` });
  const [event] = readEventElements([{ ...base, timestamp, click: { ...base.click, timestamp } }], "leads").events;
  if (event?.event !== "lead") throw new Error("not a lead");
  return event;
}

function sale(customerId: string, timestamp: string, amount: number, currency = "usd"): ReadSaleEvent {
  const base = saleEvent(amount, currency);
  const [event] = readEventElements(
    [{ ...base, timestamp, customer: { ...base.customer, id: customerId } }],
    "sales",
  ).events;
  if (event?.event !== "sale") throw new Error("not a sale");
  return event;
}

/** `n` customers with one lead each, a minute apart, newest first from `from`. */
function leads(n: number, from = Date.parse("2026-11-20T12:00:00.000Z")): ReadLeadEvent[] {
  return Array.from({ length: n }, (_, i) => lead(`c${i}`, new Date(from - i * 60_000).toISOString()));
}

describe("the customers report, read page by page", () => {
  it("a customer is one row, at their newest lead: rows read so far keep their place whatever is read after", () => {
    const first = [lead("b", "2026-11-05T10:00:00.000Z"), lead("a", "2026-11-02T10:00:00.000Z")];
    const more = [lead("a", "2026-11-01T09:00:00.000Z"), lead("c", "2026-10-30T09:00:00.000Z")];
    expect(customersByNewestLead(first).map((c) => [c.id, c.leadAt])).toEqual([
      ["b", "2026-11-05T10:00:00.000Z"],
      ["a", "2026-11-02T10:00:00.000Z"],
    ]);
    expect(customersByNewestLead([...first, ...more]).map((c) => c.id)).toEqual(["b", "a", "c"]);
  });

  it("a row's sales are theirs since that lead, counted and summed per currency, the first one named", () => {
    const [a, b] = withSalesSinceLead(
      customersByNewestLead([lead("a", "2026-11-02T10:00:00.000Z"), lead("b", "2026-11-01T10:00:00.000Z")]),
      [
        sale("a", "2026-11-04T00:00:00.000Z", 500, "EUR"),
        sale("a", "2026-11-03T00:00:00.000Z", 4900),
        sale("a", "2026-11-02T12:00:00.000Z", 1000),
        sale("a", "2026-11-02T09:00:00.000Z", 7),
        sale("z", "2026-11-02T09:00:00.000Z", 99),
      ],
    );
    expect(a.sales).toBe(3);
    expect(a.firstSaleAt).toBe("2026-11-02T12:00:00.000Z");
    expect(Object.fromEntries(a.revenue)).toEqual({ usd: 5900, eur: 500 });
    expect([b.sales, b.firstSaleAt, b.revenue.size]).toEqual([0, null, 0]);
  });

  it("the first screen needs one read of leads and one of sales, sent together, when the sales read reaches back past the page's leads", () => {
    const read = leads(100);
    const sales = [
      sale("c0", "2026-11-20T12:30:00.000Z", 100),
      sale("c49", "2026-11-20T11:15:00.000Z", 200),
      sale("x", "2026-11-19T00:00:00.000Z", 5),
    ];
    const page = customersPage(1, { events: read, done: false }, { events: sales, done: false });
    expect(page.readLeads).toBe(false);
    expect(page.readSales).toBe(false);
    expect(page.hasNext).toBe(true);
    expect(page.rows?.map((r) => r.id)).toEqual(Array.from({ length: CUSTOMERS_PER_PAGE }, (_, i) => `c${i}`));
    expect(page.rows?.find((r) => r.id === "c49")?.sales).toBe(1);
  });

  it("reads on only as far as the page needs: more sales while the oldest read is not older than the page's earliest lead", () => {
    const read = leads(100);
    const recent = [sale("c0", "2026-11-20T12:30:00.000Z", 100), sale("c3", "2026-11-20T11:58:00.000Z", 100)];
    expect(customersPage(1, { events: read, done: false }, { events: recent, done: false })).toMatchObject({
      rows: null,
      readLeads: false,
      readSales: true,
    });
    // The platform has no more: what was read is all there is.
    expect(customersPage(1, { events: read, done: false }, { events: recent, done: true }).rows).toHaveLength(
      CUSTOMERS_PER_PAGE,
    );
  });

  it("a later page reads more leads until one customer past it is known; past the last customer, an empty page", () => {
    expect(customersPage(2, { events: leads(100), done: false }, { events: [], done: false })).toMatchObject({
      rows: null,
      readLeads: true,
      readSales: false,
    });
    expect(customersPage(2, { events: leads(100), done: true }, { events: [], done: true })).toMatchObject({
      hasNext: false,
      readLeads: false,
    });
    expect(customersPage(3, { events: leads(100), done: true }, { events: [], done: true })).toEqual({
      rows: [],
      hasNext: false,
      readLeads: false,
      readSales: false,
    });
  });

  it("nobody became a lead: no rows and nothing more to read", () => {
    expect(customersPage(1, { events: [], done: true }, { events: [], done: false })).toEqual({
      rows: [],
      hasNext: false,
      readLeads: false,
      readSales: false,
    });
  });

  it("what the report keeps of each event (a few fields, not the platform's link and click records) gives the same page", () => {
    const read = leads(60);
    const sales = [
      sale("c0", "2026-11-20T12:30:00.000Z", 100),
      sale("c7", "2026-11-20T11:59:00.000Z", 250, "eur"),
      sale("x", "2026-11-19T00:00:00.000Z", 5),
    ];
    const whole = customersPage(1, { events: read, done: false }, { events: sales, done: false });
    const kept = customersPage(
      1,
      { events: read.map(leadFacts), done: false },
      { events: sales.map(saleFacts), done: false },
    );
    expect(kept).toEqual(whole);
    expect(kept.rows?.[0]).toMatchObject({ shortLink: read[0]?.link.shortLink, country: read[0]?.customer?.country });
    expect(Object.keys(leadFacts(read[0]!)).sort()).toEqual(["click", "customer", "link", "timestamp"]);
    expect(Object.keys(saleFacts(sales[0]!)).sort()).toEqual(["customer", "sale", "timestamp"]);
    expect(JSON.stringify(read.map(leadFacts)).length).toBeLessThan(JSON.stringify(read).length / 4);
  });
});
