import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClickEvent, LeadEvent, LinkEvent, SaleEvent } from "../../contract/events";
import { FILTERS, type FilterParam } from "../../contract/dimensions";
import { strings, type Oracle } from "../testing/oracle";
import { ids, list, openSeededEvents, windowed } from "../testing/seededEvents";

/**
 * Every filter of GET /events against the real process. Expected results are computed from an
 * unfiltered listing through where each filter's value sits in a click event (written here,
 * independent of the SQL), or, for what events do not show, from the seeded file.
 */

let oracle: Oracle;
let acme: string;
let clicks: ClickEvent[];
let leads: LeadEvent[];
let sales: SaleEvent[];

beforeAll(async () => {
  ({ oracle, acme, clicks, leads, sales } = await openSeededEvents());
});
afterAll(() => oracle?.close());

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
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([v]) => v);
}

function valuesOf(def: Visible, e: ClickEvent): string[] {
  const v = def.fromEvent(e);
  if (v === null || v === undefined) return [];
  return typeof v === "string" ? [v] : [...v];
}

const matches = (def: Visible, e: ClickEvent, values: readonly string[]) =>
  valuesOf(def, e).some((v) => values.includes(v));

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
      [tag] = await strings(
        oracle,
        `SELECT partner_tag_id FROM partner_tag_assignments WHERE partner_id = $partner ORDER BY 1`,
        { partner: candidate },
      );
      partnerId = candidate;
      if (tag) break;
    }
    if (!tag) throw new Error("the seeded window has no partner with a tag");
    const [group] = await strings(oracle, `SELECT group_id FROM partners WHERE id = $partner`, { partner: partnerId });
    const tagged = new Set(
      await strings(oracle, `SELECT partner_id FROM partner_tag_assignments WHERE partner_tag_id = $tag`, { tag }),
    );
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
    const forCustomer = (list: readonly LinkEvent[]) =>
      list.filter((e) => e.event !== "click" && e.customer.id === customer);
    expect(ids(await list({ event: "leads", interval: "all", limit: "1000", customerId: customer }))).toEqual(
      ids(forCustomer(leads)),
    );
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", customerId: customer }))).toEqual(
      ids(forCustomer(sales)),
    );
    const clickIds = await strings(oracle, `SELECT DISTINCT click_id FROM lead_events WHERE customer_id = $customer`, {
      customer,
    });
    const customerClicks = await list({ interval: "all", limit: "1000", customerId: customer });
    expect(ids(customerClicks).sort()).toEqual([...clickIds].sort());
  });

  it("filters on click and link attributes apply to leads and sales", async () => {
    const country = leads[0].click.country;
    expect(ids(await list({ event: "leads", interval: "all", limit: "1000", country }))).toEqual(
      ids(leads.filter((e) => e.click.country === country)),
    );
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", country: `-${country}` }))).toEqual(
      ids(sales.filter((e) => e.click.country !== country)),
    );
    const domain = sales[0].link.domain;
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", domain }))).toEqual(
      ids(sales.filter((e) => e.link.domain === domain)),
    );
  });

  it("query searches lead and sale metadata", async () => {
    const withPlan = leads.find((e) => e.metadata && typeof e.metadata === "object" && "plan" in e.metadata)!;
    const plan = String((withPlan.metadata as Record<string, unknown>).plan);
    const has = (e: LeadEvent | SaleEvent) =>
      e.metadata !== null &&
      typeof e.metadata === "object" &&
      String((e.metadata as Record<string, unknown>).plan) === plan;
    const query = `metadata['plan']:'${plan}'`;
    expect(ids(await list({ event: "leads", interval: "all", limit: "1000", query }))).toEqual(ids(leads.filter(has)));
    expect(ids(await list({ event: "sales", interval: "all", limit: "1000", query }))).toEqual(ids(sales.filter(has)));
    expect(await list({ event: "leads", interval: "all", query: "metadata['plan']:'no-such-plan'" })).toEqual([]);
  });

  it("saleType separates first purchases from renewals", async () => {
    const [fresh, recurring] = await Promise.all(
      ["new", "recurring"].map((saleType) => list({ event: "sales", interval: "all", limit: "1000", saleType })),
    );
    const expected = async (type: string) =>
      strings(oracle, `SELECT id FROM sale_events WHERE workspace_id = $ws AND sale_type = $type`, { ws: acme, type });
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
