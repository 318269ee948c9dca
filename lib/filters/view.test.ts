import { describe, expect, it } from "vitest";
import { formatClause, type FilterClause } from "../contract/query";
import { EVENT_KINDS, type EventKind, type FilterParam } from "../contract/dimensions";
import { FILTER_LIST, appliesToKind, type Filter } from "./dimensions";
import { checkFilterInput, readView, type RawView } from "./view";

/**
 * Two valid values per filter, as a user would type them. Keyed by every param of the table:
 * a filter added to the table without samples here fails to compile.
 */
const SAMPLES = {
  domain: ["dub.sh", "acme.link"],
  key: ["spring-sale"],
  linkId: ["link_1", "link_2"],
  externalId: ["ext_123"],
  tenantId: ["tenant_a", "tenant b"],
  tagId: ["tag_1", "tag_2"],
  folderId: ["fold_1", "fold_2"],
  root: ["true"],
  partnerId: ["pn_1", "pn_2"],
  partnerTagId: ["ptag_1", "ptag_2"],
  groupId: ["grp_1", "grp_2"],
  customerId: ["cus_42"],
  country: ["US", "DE"],
  region: ["US-CA", "DE-BE"],
  city: ["San Francisco", "Berlin"],
  continent: ["NA", "EU"],
  device: ["Desktop", "Mobile"],
  browser: ["Chrome", "Safari"],
  os: ["Mac OS", "iOS"],
  trigger: ["qr", "link"],
  referer: ["google.com", "(direct)"],
  refererUrl: ["https://google.com/search", "https://news.ycombinator.com/"],
  url: ["https://acme.com/pricing", "https://acme.com/?ref=x"],
  utm_source: ["newsletter", "twitter"],
  utm_medium: ["email", "social"],
  utm_campaign: ["black-friday", "spring"],
  utm_term: ["running shoes", "shoes"],
  utm_content: ["hero", "footer"],
  saleType: ["recurring"],
  query: ["metadata['plan']:'pro'"],
} satisfies Record<FilterParam, readonly string[]>;

/** The filters some others need to be valid at all (key needs exactly one domain). */
const COMPANIONS: Partial<Record<FilterParam, RawView>> = { key: { domain: "dub.sh" } };

const kindFor = (def: Filter): EventKind => EVENT_KINDS.find((k) => appliesToKind(def, k)) ?? "clicks";

function roundTrip(def: Filter, clause: FilterClause) {
  const url = formatClause(clause);
  const view = readView({ event: kindFor(def), ...COMPANIONS[def.param], [def.param]: url }, "UTC");
  return { url, view, clause: view.query.filters[def.param] };
}

describe("URL ⇄ filter round trips for every filter of the table", () => {
  for (const def of FILTER_LIST) {
    const samples: readonly string[] = SAMPLES[def.param];

    it(`${def.param}: one value`, () => {
      const clause = { exclude: false, values: [samples[0]] };
      const result = roundTrip(def, clause);
      expect(result.view.problems).toEqual([]);
      expect(result.clause).toEqual(clause);
      expect(formatClause(result.clause!)).toBe(result.url);
    });

    if (def.multi) {
      it(`${def.param}: a list`, () => {
        const clause = { exclude: false, values: [...samples] };
        const result = roundTrip(def, clause);
        expect(result.url).toBe(samples.join(","));
        expect(result.clause).toEqual(clause);
        expect(formatClause(result.clause!)).toBe(result.url);
      });

      it(`${def.param}: an excluded list`, () => {
        const clause = { exclude: true, values: [...samples] };
        const result = roundTrip(def, clause);
        expect(result.url).toBe(`-${samples.join(",")}`);
        expect(result.clause).toEqual(clause);
        expect(formatClause(result.clause!)).toBe(result.url);
      });
    } else {
      it(`${def.param}: takes the value whole, commas and leading dash included`, () => {
        const raw = `-${samples[0]}`;
        const view = readView({ event: kindFor(def), ...COMPANIONS[def.param], [def.param]: raw }, "UTC");
        const clause = view.query.filters[def.param];
        // Single-valued filters have no exclusion syntax: either the whole string is the value or it is rejected.
        if (clause) expect(clause).toEqual({ exclude: false, values: [raw] });
        else expect(view.problems.map((p) => p.param)).toContain(def.param);
      });
    }
  }
});

describe("readView", () => {
  it("normalizes codes the contract upper-cases", () => {
    const view = readView({ country: "us,de", region: "us-ca" }, "UTC");
    expect(view.query.filters.country).toEqual({ exclude: false, values: ["US", "DE"] });
    expect(view.query.filters.region).toEqual({ exclude: false, values: ["US-CA"] });
  });

  it("drops duplicate values of a list", () => {
    expect(readView({ device: "Mobile,Mobile" }, "UTC").query.filters.device).toEqual({
      exclude: false,
      values: ["Mobile"],
    });
  });

  it("reports and ignores a rejected value, naming the parameter and the value", () => {
    const view = readView({ country: "USA", device: "-Mobile" }, "UTC");
    expect(view.query.filters.country).toBeUndefined();
    expect(view.query.filters.device).toEqual({ exclude: true, values: ["Mobile"] });
    expect(view.problems).toHaveLength(1);
    expect(view.problems[0]).toMatchObject({ param: "country", value: "USA" });
    expect(view.problems[0].message).toContain("USA");
    expect(view.problems[0].message).toContain("2-letter ISO 3166-1");
  });

  it("reports enum, boolean, prefix and paging mistakes", () => {
    const view = readView(
      { continent: "XX", root: "yes", externalId: "123", page: "0", limit: "5000", event: "views", interval: "2w" },
      "UTC",
    );
    expect(view.problems.map((p) => p.param).sort()).toEqual([
      "continent",
      "event",
      "externalId",
      "interval",
      "limit",
      "page",
      "root",
    ]);
    expect(view.query).toMatchObject({ event: "clicks", page: 1, limit: 100, filters: {} });
    expect(view.query.interval).toBeUndefined();
  });

  it("drops a key without a single domain and says why", () => {
    const view = readView({ key: "spring", domain: "a.com,b.com" }, "UTC");
    expect(view.query.filters.key).toBeUndefined();
    expect(view.query.filters.domain).toEqual({ exclude: false, values: ["a.com", "b.com"] });
    expect(view.problems).toEqual([expect.objectContaining({ param: "key", value: "spring" })]);
  });

  it("rejects a malformed metadata query", () => {
    const view = readView({ event: "leads", query: "plan=pro" }, "UTC");
    expect(view.query.filters.query).toBeUndefined();
    expect(view.problems[0]).toMatchObject({ param: "query", value: "plan=pro" });
  });

  it("parses a metadata query into clauses", () => {
    const view = readView({ event: "sales", query: "metadata['plan']:'pro' AND metadata['seats']:'5'" }, "UTC");
    expect(view.query.metadata).toEqual([
      { key: "plan", value: "pro" },
      { key: "seats", value: "5" },
    ]);
  });

  it("keeps filters of other event kinds in the page's view whatever the kind; only the table's query goes without them", () => {
    const view = readView({ event: "clicks", saleType: "new", query: "metadata['plan']:'pro'", country: "US" }, "UTC");
    expect(view.query.filters).toEqual({
      country: { exclude: false, values: ["US"] },
      saleType: { exclude: false, values: ["new"] },
      query: { exclude: false, values: ["metadata['plan']:'pro'"] },
    });
    expect(view.query.metadata).toEqual([{ key: "plan", value: "pro" }]);
    expect(view.table.filters).toEqual({ country: { exclude: false, values: ["US"] } });
    expect(view.table.metadata).toEqual([]);
    expect(view.notOnKind).toEqual(["saleType", "query"]);
    expect(view.problems).toEqual([]);
    const sales = readView({ event: "sales", saleType: "new" }, "UTC");
    expect(sales.table.filters.saleType).toEqual({ exclude: false, values: ["new"] });
    expect(sales.notOnKind).toEqual([]);
  });

  it("maps deprecated parameters to their successors", () => {
    expect(readView({ tagIds: "t1,t2" }, "UTC").query.filters.tagId).toEqual({ exclude: false, values: ["t1", "t2"] });
    expect(readView({ qr: "true" }, "UTC").query.filters.trigger).toEqual({ exclude: false, values: ["qr"] });
    expect(readView({ order: "asc" }, "UTC").query.sortOrder).toBe("asc");
  });

  it("uses the given zone unless the URL names one", () => {
    expect(readView({}, "Europe/Berlin").query.timezone).toBe("Europe/Berlin");
    expect(readView({ timezone: "Asia/Tokyo" }, "Europe/Berlin").query.timezone).toBe("Asia/Tokyo");
    const bad = readView({ timezone: "Mars/Base" }, "Europe/Berlin");
    expect(bad.query.timezone).toBe("Europe/Berlin");
    expect(bad.problems[0]).toMatchObject({ param: "timezone", value: "Mars/Base" });
  });

  it("reads the range and paging as given", () => {
    const view = readView({ interval: "30d", page: "3", limit: "500", sortOrder: "asc" }, "UTC");
    expect(view.query).toMatchObject({ interval: "30d", page: 3, limit: 500, sortOrder: "asc" });
    expect(readView({ start: "2025-11-01", end: "2025-11-07" }, "UTC").query).toMatchObject({
      start: "2025-11-01",
      end: "2025-11-07",
    });
    expect(readView({ start: "Nov 1" }, "UTC").problems[0]).toMatchObject({ param: "start", value: "Nov 1" });
  });

  it("refuses a range with a bad or reversed bound whole, as the date picker does, and offers the swap", () => {
    const reversed = readView({ interval: "30d", start: "2025-11-07", end: "2025-11-01" }, "UTC");
    expect(reversed.query).toMatchObject({ interval: "30d", start: undefined, end: undefined });
    expect(reversed.problems).toEqual([
      {
        param: "start",
        value: "2025-11-07",
        message:
          "The range starts (2025-11-07) after it ends (2025-11-01). The date picker refuses such a range too, so the page leaves both dates out.",
        swapped: { start: "2025-11-01", end: "2025-11-07" },
      },
    ]);
    const badStart = readView({ start: "Nov 1", end: "2025-11-07" }, "UTC");
    expect(badStart.query).toMatchObject({ start: undefined, end: undefined });
    expect(badStart.problems[0].swapped).toBeUndefined();
    expect(readView({ start: "2025-11-01", end: "2025-13-01" }, "UTC").query).toMatchObject({
      start: undefined,
      end: undefined,
    });
  });
});

describe("checkFilterInput", () => {
  it("accepts and normalizes what the URL would accept", () => {
    expect(checkFilterInput("country", "us")).toEqual({ ok: true, clause: { exclude: false, values: ["US"] } });
    expect(checkFilterInput("externalId", "ext_9")).toEqual({
      ok: true,
      clause: { exclude: false, values: ["ext_9"] },
    });
    expect(checkFilterInput("query", "metadata['plan']:'pro'")).toMatchObject({ ok: true });
  });

  it("explains a rejection", () => {
    expect(checkFilterInput("country", "USA")).toMatchObject({
      ok: false,
      message: expect.stringContaining("2-letter"),
    });
    expect(checkFilterInput("externalId", "123")).toMatchObject({
      ok: false,
      message: expect.stringContaining("ext_"),
    });
    expect(checkFilterInput("query", "plan=pro")).toMatchObject({
      ok: false,
      message: expect.stringContaining("metadata['<key>']"),
    });
  });
});
