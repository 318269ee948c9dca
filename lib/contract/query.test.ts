import { describe, expect, it } from "vitest";
import { ApiError, type ErrorCode } from "./errors";
import { FILTER_PARAMS, filterSpec } from "./dimensions";
import { MAX_FILTER_VALUES } from "./filterValues";
import { DEFAULT_LIMIT, eventsQueryToParams, parseEventsQuery, type EventsQuery } from "./query";

const parse = (qs: string): EventsQuery => parseEventsQuery(new URLSearchParams(qs));

function failure(qs: string): { code: ErrorCode; message: string } {
  try {
    parse(qs);
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error(`expected "${qs}" to be refused`);
}

describe("parseEventsQuery defaults", () => {
  it("gives the spec's defaults for an empty query", () => {
    expect(parse("")).toEqual({
      event: "clicks",
      interval: undefined,
      start: undefined,
      end: undefined,
      timezone: "UTC",
      filters: {},
      metadata: [],
      page: 1,
      limit: DEFAULT_LIMIT,
      sortOrder: "desc",
      sortBy: "timestamp",
    });
  });

  it.each(["clicks", "leads", "sales"] as const)("accepts event=%s", (event) => {
    expect(parse(`event=${event}`).event).toBe(event);
  });

  it.each(["24h", "7d", "30d", "90d", "1y", "mtd", "qtd", "ytd", "all"])("accepts interval=%s", (interval) => {
    expect(parse(`interval=${interval}`).interval).toBe(interval);
  });

  it("accepts page, limit, sortOrder and sortBy", () => {
    const q = parse("page=3&limit=1000&sortOrder=asc&sortBy=timestamp");
    expect([q.page, q.limit, q.sortOrder, q.sortBy]).toEqual([3, 1000, "asc", "timestamp"]);
  });

  it("canonicalizes the time zone", () => {
    expect(parse("timezone=europe/berlin").timezone).toBe("Europe/Berlin");
    expect(parse("timezone=America/New_York").timezone).toBe("America/New_York");
  });

  it("keeps start and end as given when they are valid ISO 8601", () => {
    const q = parse("start=2026-01-01&end=2026-01-31T12:30:00.250Z");
    expect([q.start, q.end]).toEqual(["2026-01-01", "2026-01-31T12:30:00.250Z"]);
    expect(parse("start=2026-01-31T12:00").start).toBe("2026-01-31T12:00");
    expect(parse("start=2026-01-31T12:00:00%2B02:00").start).toBe("2026-01-31T12:00:00+02:00");
  });
});

describe("filters: every row of the table", () => {
  const sample: Record<string, string> = {
    domain: "acme.link",
    key: "spring",
    externalId: "ext_abc",
    country: "US",
    region: "US-CA",
    continent: "EU",
    trigger: "qr",
    root: "true",
    saleType: "new",
    query: "metadata['plan']:'pro'",
  };
  const filterDefs = FILTER_PARAMS.map((param) => ({ param, ...filterSpec(param) }));
  for (const def of filterDefs) {
    it(`parses ${def.param}`, () => {
      const value = sample[def.param] ?? "v_1";
      const event = def.events ? def.events[def.events.length - 1] : "clicks";
      const extra = def.param === "key" ? "&domain=acme.link" : "";
      const q = parse(`event=${event}&${def.param}=${encodeURIComponent(value)}${extra}`);
      expect(q.filters[def.param]).toEqual({ exclude: false, values: [value] });
    });
  }

  it("multi filters take comma lists and a leading - excludes the whole list", () => {
    expect(parse("country=us,DE").filters.country).toEqual({ exclude: false, values: ["US", "DE"] });
    expect(parse("country=-US,DE").filters.country).toEqual({ exclude: true, values: ["US", "DE"] });
    expect(parse("device=-Mobile").filters.device).toEqual({ exclude: true, values: ["Mobile"] });
    expect(parse("tagId=t1,t2,t1").filters.tagId).toEqual({ exclude: false, values: ["t1", "t2"] });
    expect(parse("region=us-ca,-DE-BE".replace(",-", ",")).filters.region).toEqual({
      exclude: false,
      values: ["US-CA", "DE-BE"],
    });
  });

  it("every multi filter accepts lists and exclusion; single ones keep commas and dashes literally", () => {
    for (const def of filterDefs.filter((f) => f.multi)) {
      const values =
        def.param === "continent"
          ? ["EU", "NA"]
          : def.param === "trigger"
            ? ["qr", "link"]
            : def.param === "country"
              ? ["US", "FR"]
              : def.param === "region"
                ? ["US-CA", "FR-75"]
                : ["a", "b"];
      expect(parse(`${def.param}=-${values.join(",")}`).filters[def.param]).toEqual({ exclude: true, values });
    }
    expect(parse("customerId=-cus,1").filters.customerId).toEqual({ exclude: false, values: ["-cus,1"] });
  });

  it(`a list filter holds at most ${MAX_FILTER_VALUES} values, counted before any is checked`, () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `link_${i}`).join(",");
    expect(parse(`linkId=${values(MAX_FILTER_VALUES)}`).filters.linkId?.values).toHaveLength(MAX_FILTER_VALUES);
    expect(parse(`linkId=-${values(MAX_FILTER_VALUES)}`).filters.linkId?.exclude).toBe(true);
    expect(failure(`linkId=${values(MAX_FILTER_VALUES + 1)}`)).toEqual({
      code: "unprocessable_entity",
      message: `Invalid value for "linkId": ${MAX_FILTER_VALUES + 1} values given; at most ${MAX_FILTER_VALUES} per filter.`,
    });
    // 20,000 invalid countries: refused for their number, not one by one.
    expect(failure(`country=${Array(20_000).fill("XX").join(",")}`).message).toBe(
      `Invalid value for "country": 20000 values given; at most ${MAX_FILTER_VALUES} per filter.`,
    );
    // A single-value filter keeps its commas: no list to count.
    expect(parse(`customerId=cus${",".repeat(MAX_FILTER_VALUES + 1)}`).filters.customerId?.values).toHaveLength(1);
  });

  it("trims values", () => {
    expect(parse("city=%20Paris%20").filters.city).toEqual({ exclude: false, values: ["Paris"] });
  });
});

describe("deprecated parameters", () => {
  it("tagIds maps to tagId, and tagId wins when both are given", () => {
    expect(parse("tagIds=t1,t2").filters.tagId).toEqual({ exclude: false, values: ["t1", "t2"] });
    expect(parse("tagIds=t1&tagId=t2").filters.tagId).toEqual({ exclude: false, values: ["t2"] });
  });

  it("qr maps to trigger: true → qr, false → link; trigger wins", () => {
    expect(parse("qr=true").filters.trigger).toEqual({ exclude: false, values: ["qr"] });
    expect(parse("qr=false").filters.trigger).toEqual({ exclude: false, values: ["link"] });
    expect(parse("qr=true&trigger=pageview").filters.trigger).toEqual({ exclude: false, values: ["pageview"] });
  });

  it("order maps to sortOrder, and sortOrder wins", () => {
    expect(parse("order=asc").sortOrder).toBe("asc");
    expect(parse("order=asc&sortOrder=desc").sortOrder).toBe("desc");
  });

  it("programId is accepted and has no effect (inferred from the workspace)", () => {
    expect(parse("programId=prog_123")).toEqual(parse(""));
  });
});

describe("errors: malformed input is 400, invalid values 422, each naming the parameter", () => {
  const cases: [string, ErrorCode, string][] = [
    ["event=click", "unprocessable_entity", "event"],
    ["interval=2d", "unprocessable_entity", "interval"],
    ["timezone=Mars/Olympus", "unprocessable_entity", "timezone"],
    ["timezone=", "unprocessable_entity", "timezone"],
    ["start=yesterday", "bad_request", "start"],
    ["start=2026-02-30", "bad_request", "start"],
    ["end=2026-01-31T24:00", "bad_request", "end"],
    ["limit=abc", "bad_request", "limit"],
    ["limit=1e3", "bad_request", "limit"],
    ["limit=-5", "bad_request", "limit"],
    ["limit=0", "unprocessable_entity", "limit"],
    ["limit=1001", "unprocessable_entity", "limit"],
    ["page=0", "unprocessable_entity", "page"],
    ["page=1.5", "bad_request", "page"],
    ["sortOrder=up", "unprocessable_entity", "sortOrder"],
    ["order=up", "unprocessable_entity", "order"],
    ["sortBy=clicks", "unprocessable_entity", "sortBy"],
    ["country=USA", "unprocessable_entity", "country"],
    ["country=US,,DE", "bad_request", "country"],
    ["country=-", "bad_request", "country"],
    ["region=California", "unprocessable_entity", "region"],
    ["continent=XX", "unprocessable_entity", "continent"],
    ["trigger=email", "unprocessable_entity", "trigger"],
    ["root=yes", "bad_request", "root"],
    ["qr=1", "bad_request", "qr"],
    ["domain=", "bad_request", "domain"],
    ["key=spring", "unprocessable_entity", "key"],
    ["domain=a.link,b.link&key=spring", "unprocessable_entity", "key"],
    ["domain=-a.link&key=spring", "unprocessable_entity", "key"],
    ["externalId=abc", "unprocessable_entity", "externalId"],
    ["externalId=ext_", "unprocessable_entity", "externalId"],
    ["query=metadata['plan']:'pro'", "unprocessable_entity", "query"],
    ["event=leads&query=plan:pro", "bad_request", "query"],
    ["event=leads&query=metadata['plan']:'pro' OR 1=1", "bad_request", "query"],
    ["saleType=new", "unprocessable_entity", "saleType"],
    ["event=leads&saleType=new", "unprocessable_entity", "saleType"],
    ["event=sales&saleType=old", "unprocessable_entity", "saleType"],
    ["country=US&country=DE", "bad_request", "country"],
    ["start=2026-11-16T10:00:00%2B25:00", "bad_request", "start"],
    ["start=2026-11-16T10:00:00%2B2500", "bad_request", "start"],
    ["start=2026-11-16T10:00:00%2B05:99", "bad_request", "start"],
    ["end=2026-11-16T10:00:00-99:00", "bad_request", "end"],
  ];
  it.each(cases)("%s → %s", (qs, code, param) => {
    const err = failure(qs);
    expect(err.code).toBe(code);
    expect(err.message).toContain(`"${param}"`);
  });

  it("prototype-named parameters are parameters like any other: ignored when unknown, refused only when repeated", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"])
      expect(parse(`${name}=1`)).toEqual(parse(""));
    expect(failure("__proto__=1&__proto__=2")).toMatchObject({
      code: "bad_request",
      message: expect.stringContaining('"__proto__" is given more than once'),
    });
  });

  it("a filter value longer than 2000 characters is a 422", () => {
    const err = failure(`city=${"x".repeat(2001)}`);
    expect(err.code).toBe("unprocessable_entity");
    expect(err.message).toContain('"city"');
  });

  it("query up to 10000 characters is accepted (its own bound, not the generic one)", () => {
    const value = `metadata['k']:'${"v".repeat(5000)}'`;
    expect(parse(`event=leads&query=${encodeURIComponent(value)}`).metadata).toEqual([
      { key: "k", value: "v".repeat(5000) },
    ]);
  });

  it("query longer than 10000 characters is a 422", () => {
    const value = `metadata['k']:'${"v".repeat(10_000)}'`;
    const err = failure(`event=sales&query=${encodeURIComponent(value)}`);
    expect(err.code).toBe("unprocessable_entity");
    expect(err.message).toContain("10000");
  });

  it("messages say what is allowed", () => {
    expect(failure("interval=2d").message).toContain("24h, 7d, 30d, 90d, 1y, mtd, qtd, ytd, all");
    expect(failure("limit=1001").message).toContain("1 to 1000");
    expect(failure("externalId=abc").message).toContain("ext_");
    expect(failure("start=2026-11-16T10:00:00%2B25:00").message).toContain("-14:00 to +14:00");
  });

  it("externalId=ext_ asks for an id after the prefix instead of for the prefix it has", () => {
    const { message } = failure("externalId=ext_");
    expect(message).toBe(`Invalid value for "externalId": an id is needed after the "ext_" prefix, e.g. ext_123.`);
    expect(message).not.toContain("must be prefixed");
  });

  it("a start after the end given with it is a 422 at parse time, naming both", () => {
    const err = failure("start=2025-02-01&end=2025-01-01");
    expect(err).toEqual({
      code: "unprocessable_entity",
      message: `Invalid range: "start" (2025-02-01) must be before "end" (2025-01-01).`,
    });
  });

  it("orders start and end in the query's time zone (or their own offsets)", () => {
    // 2026-05-01 in Tokyo starts at 2026-04-30T15:00Z, before a 20:00Z end on the 30th.
    expect(parse("start=2026-05-01&end=2026-04-30T20:00:00Z&timezone=Asia/Tokyo").start).toBe("2026-05-01");
    expect(failure("start=2026-05-01&end=2026-04-30T20:00:00Z").code).toBe("unprocessable_entity");
    expect(parse("start=2026-05-01T10:00:00%2B09:00&end=2026-05-01T02:00:00Z").end).toBe("2026-05-01T02:00:00Z");
  });

  it("a single day or a single instant is a valid range; a start alone is only checked against now later", () => {
    expect(parse("start=2026-05-01&end=2026-05-01").end).toBe("2026-05-01");
    expect(parse("start=2026-05-01T08:00:00Z&end=2026-05-01T08:00:00Z").start).toBe("2026-05-01T08:00:00Z");
    expect(parse("start=2999-01-01").start).toBe("2999-01-01");
  });
});

describe("eventsQueryToParams", () => {
  it("round-trips a parsed query", () => {
    const qs =
      "event=sales&interval=7d&timezone=Europe%2FBerlin&country=-US%2CDE&saleType=recurring&page=2&limit=50&sortOrder=asc";
    const q = parse(qs);
    expect(parse(eventsQueryToParams(q).toString())).toEqual(q);
  });
});
