import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strictEvents, type ClickEvent, type LeadEvent, type LinkEvent, type SaleEvent } from "../../contract/events";
import { INTERVALS, resolveRange } from "../../contract/dateRange";
import { FILTERS, type FilterParam } from "../../contract/dimensions";
import { events } from "../testing/client";
import { openOracle, strings, workspaceIdOf, type Oracle } from "../testing/oracle";

/**
 * Every parameter row of GET /events against the real process. Expected results are computed
 * from an unfiltered listing through where each filter's value sits in a click event (written
 * here, independent of the SQL), or, for what events do not show, from the seeded file.
 */

let oracle: Oracle;
let acme: string;
let globex: string;
const NOW = Date.now();
const HOUR = 3_600_000;
// A 24-hour window that ends well before now: stable while the tests run.
const WINDOW = { start: new Date(NOW - 30 * HOUR).toISOString(), end: new Date(NOW - 6 * HOUR).toISOString() };
let clicks: ClickEvent[];
let leads: LeadEvent[];
let sales: SaleEvent[];

async function list(params: Record<string, string>): Promise<LinkEvent[]> {
  return strictEvents.events.parse(await events(params));
}

const windowed = (extra: Record<string, string> = {}) => ({ ...WINDOW, limit: "1000", ...extra });
const idOf = (e: LinkEvent) => (e.event === "click" ? e.click.id : e.eventId);
const ids = (list: readonly LinkEvent[]) => list.map(idOf);

beforeAll(async () => {
  oracle = await openOracle();
  acme = await workspaceIdOf(oracle, "acme");
  globex = await workspaceIdOf(oracle, "globex");
  clicks = (await list(windowed())) as ClickEvent[];
  leads = (await list({ event: "leads", interval: "all", limit: "1000" })) as LeadEvent[];
  sales = (await list({ event: "sales", interval: "all", limit: "1000" })) as SaleEvent[];
});
afterAll(() => oracle?.close());

describe("the seeded data is rich enough for these tests", () => {
  it("has clicks, leads and sales for acme, under one page each", () => {
    expect(clicks.length).toBeGreaterThan(100);
    expect(clicks.length).toBeLessThan(1000);
    expect(leads.length).toBeGreaterThan(20);
    expect(leads.length).toBeLessThan(1000);
    expect(sales.length).toBeGreaterThan(5);
  });
});

describe("event shapes", () => {
  it("every kind passes the strict schema, with the event kind asked for", () => {
    expect(clicks.every((e) => e.event === "click")).toBe(true);
    expect(leads.every((e) => e.event === "lead")).toBe(true);
    expect(sales.every((e) => e.event === "sale")).toBe(true);
  });

  it("deprecated duplicates equal their successors", () => {
    for (const e of [...clicks, ...leads, ...sales]) {
      expect([e.click_id, e.link_id, e.domain, e.key, e.url]).toEqual([e.click.id, e.link.id, e.link.domain, e.link.key, e.click.url]);
      expect([e.continent, e.country, e.city, e.device, e.browser, e.os, e.ip]).toEqual([
        e.click.continent, e.click.country, e.click.city, e.click.device, e.click.browser, e.click.os, e.click.ip,
      ]);
      expect(e.qr).toBe(e.click.qr ? 1 : 0);
      expect(e.link.projectId).toBe(e.link.workspaceId);
      expect(e.link.tagId).toBe(e.link.tags?.[0]?.id ?? null);
      expect(e.link.shortLink).toBe(e.link.key === "_root" ? `https://${e.link.domain}` : `https://${e.link.domain}/${encodeURI(e.link.key)}`);
      expect(new URL(e.link.qrCode).searchParams.get("url")).toBe(`${e.link.shortLink}?qr=1`);
      expect(e.click.qr).toBe(e.click.trigger === "qr");
    }
    for (const s of sales) {
      expect(s.saleAmount).toBe(s.sale.amount);
      expect(s.invoice_id).toBe(s.sale.invoiceId ?? "");
      expect(s.payment_processor).toBe(s.sale.paymentProcessor);
    }
  });

  it("leads and sales happen after their click, and every event belongs to acme", () => {
    for (const e of [...leads, ...sales]) expect(Date.parse(e.timestamp)).toBeGreaterThanOrEqual(Date.parse(e.click.timestamp));
    for (const e of [...clicks, ...leads, ...sales]) expect(e.link.workspaceId).toBe(acme);
  });
});

type ValueInClick = (e: ClickEvent) => string | readonly string[] | null | undefined;

/** Filters a click event shows, and where. Others (key, root, customerId, …) have their own tests. */
const VALUE_IN_CLICK: Partial<Record<FilterParam, ValueInClick>> = {
  domain: (e) => e.link.domain,
  linkId: (e) => e.link.id,
  externalId: (e) => (e.link.externalId ? `ext_${e.link.externalId}` : null),
  tenantId: (e) => e.link.tenantId,
  tagId: (e) => e.link.tags?.map((t) => t.id) ?? null,
  folderId: (e) => e.link.folderId,
  partnerId: (e) => e.link.partnerId,
  country: (e) => e.click.country,
  region: (e) => e.click.region,
  city: (e) => e.click.city,
  continent: (e) => e.click.continent,
  device: (e) => e.click.device,
  browser: (e) => e.click.browser,
  os: (e) => e.click.os,
  trigger: (e) => e.click.trigger,
  referer: (e) => e.click.referer,
  refererUrl: (e) => e.click.refererUrl,
  url: (e) => e.click.url,
  utm_source: (e) => e.link.utm_source,
  utm_medium: (e) => e.link.utm_medium,
  utm_campaign: (e) => e.link.utm_campaign,
  utm_term: (e) => e.link.utm_term,
  utm_content: (e) => e.link.utm_content,
};

interface Visible {
  param: FilterParam;
  multi: boolean;
  fromEvent: ValueInClick;
}

/** The most frequent non-empty values of a filter in a listing. */
function topValues(list: readonly ClickEvent[], def: Visible, n: number): string[] {
  const counts = new Map<string, number>();
  for (const e of list) for (const v of valuesOf(def, e)) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n).map(([v]) => v);
}

function valuesOf(def: Visible, e: ClickEvent): string[] {
  const v = def.fromEvent(e);
  if (v === null || v === undefined) return [];
  return typeof v === "string" ? [v] : [...v];
}

const matches = (def: Visible, e: ClickEvent, values: readonly string[]) => valuesOf(def, e).some((v) => values.includes(v));

const VISIBLE: Visible[] = Object.entries(VALUE_IN_CLICK).map(([param, fromEvent]) => ({
  param: param as FilterParam,
  multi: FILTERS[param as FilterParam].multi,
  fromEvent,
}));
const visible = (param: FilterParam) => VISIBLE.find((def) => def.param === param)!;

describe("filters visible in click events: inclusion, lists and exclusion", () => {
  it.each(VISIBLE.map((def) => [def.param, def] as const))("%s", async (_param, def) => {
    const [first, second] = topValues(clicks, def, 2);
    expect(first, `no ${def.param} value in the window`).toBeDefined();
    const one = await list(windowed({ [def.param]: first }));
    expect(ids(one)).toEqual(ids(clicks.filter((e) => matches(def, e, [first]))));
    expect(one.length).toBeGreaterThan(0);
    if (!def.multi) return;
    if (second) {
      const two = await list(windowed({ [def.param]: `${first},${second}` }));
      expect(ids(two)).toEqual(ids(clicks.filter((e) => matches(def, e, [first, second]))));
    }
    const excluded = await list(windowed({ [def.param]: `-${first}` }));
    // Exclusion keeps events without a value (a link without tags, tenant or UTM).
    expect(ids(excluded)).toEqual(ids(clicks.filter((e) => !matches(def, e, [first]))));
  });
});

describe("filters with their own rules", () => {
  it("key with domain picks one link", async () => {
    const link = clicks.find((e) => e.link.key !== "_root")!.link;
    const found = await list(windowed({ domain: link.domain, key: link.key }));
    expect(ids(found)).toEqual(ids(clicks.filter((e) => e.link.id === link.id)));
  });

  it("root=true gives root-domain links only, root=false the others", async () => {
    const [rootAll, rootTrue, rootFalse] = await Promise.all([
      list({ interval: "all", limit: "1000", root: "true" }),
      list({ ...windowed(), root: "true" }),
      list({ ...windowed(), root: "false" }),
    ]);
    expect(rootAll.length).toBeGreaterThan(0);
    expect(rootAll.every((e) => e.link.key === "_root" && e.link.shortLink === `https://${e.link.domain}`)).toBe(true);
    expect(ids(rootTrue)).toEqual(ids(clicks.filter((e) => e.link.key === "_root")));
    expect(ids(rootFalse)).toEqual(ids(clicks.filter((e) => e.link.key !== "_root")));
  });

  it("externalId carries the ext_ prefix and matches the stored id", async () => {
    const link = clicks.find((e) => e.link.externalId)!.link;
    const found = await list(windowed({ externalId: `ext_${link.externalId}` }));
    expect(ids(found)).toEqual(ids(clicks.filter((e) => e.link.externalId === link.externalId)));
    expect(await list(windowed({ externalId: `ext_no-such-id` }))).toEqual([]);
  });

  it("partnerTagId and groupId go through the link's partner", async () => {
    const withPartner = clicks.filter((e) => e.link.partnerId);
    expect(withPartner.length).toBeGreaterThan(0);
    // Not every partner carries a tag: take the first partner in the window that does.
    let partnerId = "";
    let tag: string | undefined;
    for (const candidate of new Set(withPartner.map((e) => e.link.partnerId!))) {
      [tag] = await strings(oracle, `SELECT partner_tag_id FROM partner_tag_assignments WHERE partner_id = $partner ORDER BY 1`, { partner: candidate });
      partnerId = candidate;
      if (tag) break;
    }
    if (!tag) throw new Error("the seeded window has no partner with a tag");
    const [group] = await strings(oracle, `SELECT group_id FROM partners WHERE id = $partner`, { partner: partnerId });
    const tagged = new Set(await strings(oracle, `SELECT partner_id FROM partner_tag_assignments WHERE partner_tag_id = $tag`, { tag }));
    const grouped = new Set(await strings(oracle, `SELECT id FROM partners WHERE group_id = $group`, { group }));
    const inTag = (e: LinkEvent) => e.link.partnerId !== null && tagged.has(e.link.partnerId);
    const inGroup = (e: LinkEvent) => e.link.partnerId !== null && grouped.has(e.link.partnerId);
    expect(ids(await list(windowed({ partnerTagId: tag })))).toEqual(ids(clicks.filter(inTag)));
    expect(ids(await list(windowed({ partnerTagId: `-${tag}` })))).toEqual(ids(clicks.filter((e) => !inTag(e))));
    expect(ids(await list(windowed({ groupId: group })))).toEqual(ids(clicks.filter(inGroup)));
    expect(ids(await list(windowed({ groupId: `-${group}` })))).toEqual(ids(clicks.filter((e) => !inGroup(e))));
  });

  it("customerId gives a customer's leads and sales, and the clicks that led to them", async () => {
    const customer = sales[0]?.customer.id ?? leads[0].customer.id;
    const forCustomer = (list: readonly LinkEvent[]) => list.filter((e) => e.event !== "click" && e.customer.id === customer);
    expect(ids(await list({ event: "leads", interval: "all", limit: "1000", customerId: customer }))).toEqual(ids(forCustomer(leads)));
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", customerId: customer }))).toEqual(ids(forCustomer(sales)));
    const clickIds = await strings(oracle, `SELECT DISTINCT click_id FROM lead_events WHERE customer_id = $customer`, { customer });
    const customerClicks = await list({ interval: "all", limit: "1000", customerId: customer });
    expect(ids(customerClicks).sort()).toEqual([...clickIds].sort());
  });

  it("filters on click and link attributes apply to leads and sales", async () => {
    const country = leads[0].click.country;
    expect(ids(await list({ event: "leads", interval: "all", limit: "1000", country }))).toEqual(ids(leads.filter((e) => e.click.country === country)));
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", country: `-${country}` }))).toEqual(
      ids(sales.filter((e) => e.click.country !== country)),
    );
    const domain = sales[0].link.domain;
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", domain }))).toEqual(ids(sales.filter((e) => e.link.domain === domain)));
  });

  it("query searches lead and sale metadata", async () => {
    const withPlan = leads.find((e) => e.metadata && typeof e.metadata === "object" && "plan" in e.metadata)!;
    const plan = String((withPlan.metadata as Record<string, unknown>).plan);
    const has = (e: LeadEvent | SaleEvent) => e.metadata !== null && typeof e.metadata === "object" && String((e.metadata as Record<string, unknown>).plan) === plan;
    const query = `metadata['plan']:'${plan}'`;
    expect(ids(await list({ event: "leads", interval: "all", limit: "1000", query }))).toEqual(ids(leads.filter(has)));
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", query }))).toEqual(ids(sales.filter(has)));
    expect(await list({ event: "leads", interval: "all", query: "metadata['plan']:'no-such-plan'" })).toEqual([]);
  });

  it("saleType separates first purchases from renewals", async () => {
    const [fresh, recurring] = await Promise.all(["new", "recurring"].map((saleType) => list({ event: "sales", interval: "all", limit: "1000", saleType })));
    const expected = async (type: string) => strings(oracle, `SELECT id FROM sale_events WHERE workspace_id = $ws AND sale_type = $type`, { ws: acme, type });
    // Both kinds exist in the 30-day fixture, so the comparisons below are not of empty lists.
    expect(fresh.length).toBeGreaterThan(0);
    expect(recurring.length).toBeGreaterThan(0);
    expect(ids(fresh).sort()).toEqual((await expected("new")).sort());
    expect(ids(recurring).sort()).toEqual((await expected("recurring")).sort());
    expect(fresh.length + recurring.length).toBe(sales.length);
    // A renewal follows an earlier sale of the same customer.
    for (const renewal of recurring as SaleEvent[]) {
      const earlier = sales.filter((s) => s.customer.id === renewal.customer.id && s.timestamp < renewal.timestamp);
      expect(earlier.length, renewal.eventId).toBeGreaterThan(0);
    }
  });
});

describe("deprecated parameters keep working", () => {
  it("tagIds is tagId, qr is trigger, order is sortOrder, programId changes nothing", async () => {
    const tag = topValues(clicks, visible("tagId"), 1)[0];
    expect(ids(await list(windowed({ tagIds: tag })))).toEqual(ids(await list(windowed({ tagId: tag }))));
    expect(ids(await list(windowed({ qr: "true" })))).toEqual(ids(clicks.filter((e) => e.click.trigger === "qr")));
    expect(ids(await list(windowed({ qr: "false" })))).toEqual(ids(clicks.filter((e) => e.click.trigger === "link")));
    expect(ids(await list(windowed({ order: "asc" })))).toEqual(ids(clicks).reverse());
    expect(ids(await list(windowed({ programId: "prog_whatever" })))).toEqual(ids(clicks));
  });
});

describe("time range", () => {
  const zones = ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Kolkata"];

  // Day-based presets keep the local wall-clock time: across a DST change in the window they start
  // an hour off a UTC count of days, which the bounds below (to the event) tell apart.
  it.each(INTERVALS)("interval=%s starts where the spec says, to the event, in several zones", async (interval) => {
    const [earliest] = await oracle.all(`SELECT epoch_ms(min(timestamp)) AS at FROM click_events WHERE workspace_id = $ws`, { ws: acme });
    for (const timezone of interval === "24h" || interval === "all" ? ["UTC"] : zones) {
      const label = `${interval} ${timezone}`;
      const before = Date.now();
      const [first] = await list({ interval, timezone, sortOrder: "asc", limit: "1" });
      const after = Date.now();
      const [last] = await list({ interval, timezone, limit: "1" });
      // The platform read its clock between `before` and `after`: its start lies between these two.
      const [startBefore, startAfter] = [before, after].map((now) => resolveRange({ interval, timezone }, new Date(now), new Date(0)).start.getTime());
      const firstAt = Date.parse(first.timestamp);
      expect(firstAt, label).toBeGreaterThanOrEqual(startBefore);
      const [previous] = await list({ start: new Date(firstAt - 7 * 24 * HOUR).toISOString(), end: new Date(firstAt - 1).toISOString(), limit: "1" });
      if (previous) expect(Date.parse(previous.timestamp), label).toBeLessThan(startAfter);
      else expect(firstAt, `${label}: nothing before the first event, so it is the earliest`).toBe(Number(earliest.at));
      expect(Date.parse(last.timestamp), label).toBeLessThanOrEqual(Date.now());
    }
  });

  it("defaults to the last 24 hours", async () => {
    const before = Date.now();
    const [first] = await list({ sortOrder: "asc", limit: "1" });
    expect(Date.parse(first.timestamp)).toBeGreaterThanOrEqual(before - 24 * HOUR - 5_000);
    expect(ids(await list({ limit: "1000" }))).toEqual(ids(await list({ interval: "24h", limit: "1000" })));
  });

  it("start and end take precedence over interval, both inclusive", async () => {
    const inWindow = await list({ ...windowed(), interval: "ytd" });
    expect(ids(inWindow)).toEqual(ids(clicks));
    const [t0, t1] = [clicks[clicks.length - 1].timestamp, clicks[0].timestamp];
    const exact = await list({ start: t0, end: t1, limit: "1000" });
    expect(ids(exact)).toEqual(ids(clicks));
  });

  it("a date-only end includes its whole day, read in the time zone", async () => {
    const day = new Date(NOW - 3 * 24 * HOUR).toISOString().slice(0, 10);
    const found = await list({ start: day, end: day, timezone: "Asia/Tokyo", limit: "1000" });
    const startMs = Date.parse(`${day}T00:00:00+09:00`);
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) {
      expect(Date.parse(e.timestamp)).toBeGreaterThanOrEqual(startMs);
      expect(Date.parse(e.timestamp)).toBeLessThan(startMs + 24 * HOUR);
    }
  });
});

describe("pagination and sorting", () => {
  it("pages 1 and 2 of limit 50 are disjoint and concatenate to page 1 of limit 100", async () => {
    for (const order of ["desc", "asc"]) {
      const [p1, p2, both] = await Promise.all([
        list({ ...WINDOW, limit: "50", page: "1", sortOrder: order }),
        list({ ...WINDOW, limit: "50", page: "2", sortOrder: order }),
        list({ ...WINDOW, limit: "100", page: "1", sortOrder: order }),
      ]);
      expect(p1).toHaveLength(50);
      expect(new Set([...ids(p1), ...ids(p2)]).size).toBe(100);
      expect([...ids(p1), ...ids(p2)]).toEqual(ids(both));
    }
  });

  it("every page is the file's own order, for dense and sparse filters, both ways, first and deep pages", async () => {
    // Pages first read a slice at the sorted end of the range; a sparse filter makes that slice fall short.
    const range = { start: new Date(NOW - 20 * 24 * HOUR).toISOString(), end: new Date(NOW - 2 * HOUR).toISOString() };
    const [rare] = await strings(
      oracle,
      `SELECT country FROM click_events WHERE workspace_id = $ws AND timestamp >= $start::TIMESTAMPTZ AND timestamp < $end::TIMESTAMPTZ
         GROUP BY country HAVING count(*) >= 100 ORDER BY count(*), country LIMIT 1`,
      { ws: acme, ...range },
    );
    const expected = (order: "asc" | "desc", country: string | null, limit: number, page: number) =>
      strings(
        oracle,
        `SELECT id FROM click_events WHERE workspace_id = $ws AND timestamp >= $start::TIMESTAMPTZ AND timestamp < $end::TIMESTAMPTZ
           AND ($country::VARCHAR IS NULL OR country = $country) ORDER BY timestamp ${order}, id ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
        { ws: acme, ...range, country },
      );
    for (const order of ["desc", "asc"] as const) {
      for (const country of [null, rare]) {
        for (const [limit, page] of [[20, 1], [20, 3], [100, 1], [7, 5]]) {
          const params = { ...range, sortOrder: order, limit: String(limit), page: String(page), ...(country ? { country } : {}) };
          const want = await expected(order, country, limit, page);
          expect(want).toHaveLength(limit);
          expect(ids(await list(params)), JSON.stringify(params)).toEqual(want);
        }
      }
    }
  });

  it("defaults to 100 newest first; sortBy=timestamp is the only order", async () => {
    const page = await list(WINDOW);
    expect(ids(page)).toEqual(ids(clicks).slice(0, 100));
    expect(ids(await list({ ...WINDOW, sortBy: "timestamp" }))).toEqual(ids(page));
    const times = clicks.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("a page past the end is empty; limit 1000 is allowed", async () => {
    expect(await list({ ...WINDOW, page: "1000", limit: "1000" })).toEqual([]);
    expect((await list({ interval: "all", limit: "1000" })).length).toBe(1000);
  });
});

describe("workspace isolation", () => {
  it("globex ids passed with the acme key return nothing of globex", async () => {
    const one = async (sql: string) => (await strings(oracle, sql, { ws: globex }))[0];
    const probes: Record<string, string> = {
      linkId: await one(`SELECT id FROM links WHERE workspace_id = $ws LIMIT 1`),
      domain: await one(`SELECT slug FROM domains WHERE workspace_id = $ws LIMIT 1`),
      tagId: await one(`SELECT id FROM tags WHERE workspace_id = $ws LIMIT 1`),
      folderId: await one(`SELECT id FROM folders WHERE workspace_id = $ws LIMIT 1`),
      partnerId: await one(`SELECT id FROM partners WHERE workspace_id = $ws LIMIT 1`),
      groupId: await one(`SELECT id FROM partner_groups WHERE workspace_id = $ws LIMIT 1`),
      partnerTagId: await one(`SELECT id FROM partner_tags WHERE workspace_id = $ws LIMIT 1`),
      customerId: await one(`SELECT customer_id FROM lead_events WHERE workspace_id = $ws LIMIT 1`),
    };
    for (const [param, value] of Object.entries(probes)) {
      expect(value, param).toBeDefined();
      for (const event of ["clicks", "leads", "sales"]) {
        const found = await list({ event, interval: "all", limit: "1000", [param]: value });
        expect(found, `${event} ${param}=${value}`).toEqual([]);
      }
    }
    const globexExternal = await one(`SELECT external_id FROM links WHERE workspace_id = $ws AND external_id IS NOT NULL LIMIT 1`);
    const byExternal = await list({ interval: "all", limit: "1000", externalId: `ext_${globexExternal}` });
    expect(byExternal.every((e) => e.link.workspaceId === acme)).toBe(true);
  });

  it("the advanced key sees globex only", async () => {
    const found = strictEvents.events.parse(await events({ interval: "all", limit: "200" }, "advanced"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.link.workspaceId === globex)).toBe(true);
  });
});
