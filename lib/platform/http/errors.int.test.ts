import { describe, expect, it } from "vitest";
import { errorBodySchema, type ErrorCode } from "../../contract/errors";
import { api, type ApiResponse } from "../testing/client";

/** Every error GET /events can answer, against the real process, in the spec's shape. */

function expectError(res: ApiResponse, status: number, code: ErrorCode): string {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = errorBodySchema.parse(res.body);
  expect(body.error.code).toBe(code);
  expect(body.error.doc_url).toBe(`https://linklens.dev/docs/api-reference/errors#${code.replaceAll("_", "-")}`);
  for (const header of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"])
    expect(res.headers.get(header), header).toMatch(/^\d+$/);
  return body.error.message;
}

describe("authentication and plans", () => {
  it.each([
    ["no Authorization header", null],
    ["a malformed header", { raw: "" }],
    ["an unknown key", { raw: "demo_nonexistent_key" }],
    ["a key with spaces", { raw: "demo business key" }],
  ] as const)("401 unauthorized for %s", async (_label, key) => {
    expectError(await api("/events", { key }), 401, "unauthorized");
  });

  it.each([
    "Basic ZGVtbzpkZW1v",
    "demo_business_key",
    "Bearer",
    "Bearer  ",
    "Token demo_business_key",
    "Bearer demo_business_key extra",
  ])("401 unauthorized for Authorization: %j", async (authorization) => {
    expect(expectError(await api("/events", { authorization }), 401, "unauthorized")).toContain("Bearer");
  });

  it.each([
    ["pro", "Pro"],
    ["free", "Free"],
  ] as const)("403 forbidden for the %s plan, saying the plan is too low", async (key, label) => {
    const message = expectError(await api("/events", { key }), 403, "forbidden");
    expect(message).toBe(
      `plan too low: GET /events requires the Business plan or higher (this workspace is on ${label})`,
    );
  });

  it("business and advanced keys are allowed", async () => {
    expect((await api("/events?limit=1", { key: "business" })).status).toBe(200);
    expect((await api("/events?limit=1", { key: "advanced" })).status).toBe(200);
  });
});

describe("routing", () => {
  it.each(["/", "/event", "/events/", "/events/123", "/analytics/unknown", "/no-such-endpoint?x=1"])(
    "404 not_found for GET %s",
    async (path) => {
      expectError(await api(path), 404, "not_found");
    },
  );

  it.each(["POST", "PUT", "PATCH", "DELETE"])("404 not_found for %s /events (the spec has no 405)", async (method) => {
    expect(expectError(await api("/events", { method }), 404, "not_found")).toContain("only GET");
  });

  it("404 even without credentials", async () => {
    expectError(await api("/nope", { key: null }), 404, "not_found");
  });
});

describe("query errors name the parameter and what is allowed", () => {
  const cases: [string, number, ErrorCode, string][] = [
    ["event=click", 422, "unprocessable_entity", "event"],
    ["interval=2w", 422, "unprocessable_entity", "interval"],
    ["timezone=Mars%2FOlympus", 422, "unprocessable_entity", "timezone"],
    ["start=yesterday", 400, "bad_request", "start"],
    ["end=2026-02-30", 400, "bad_request", "end"],
    ["start=2026-03-02&end=2026-03-01", 422, "unprocessable_entity", "start"],
    ["limit=1001", 422, "unprocessable_entity", "limit"],
    ["limit=0", 422, "unprocessable_entity", "limit"],
    ["limit=ten", 400, "bad_request", "limit"],
    ["page=0", 422, "unprocessable_entity", "page"],
    ["page=-2", 400, "bad_request", "page"],
    ["sortOrder=sideways", 422, "unprocessable_entity", "sortOrder"],
    ["order=sideways", 422, "unprocessable_entity", "order"],
    ["sortBy=amount", 422, "unprocessable_entity", "sortBy"],
    ["country=Germany", 422, "unprocessable_entity", "country"],
    ["region=Bavaria", 422, "unprocessable_entity", "region"],
    ["continent=EA", 422, "unprocessable_entity", "continent"],
    ["trigger=email", 422, "unprocessable_entity", "trigger"],
    ["root=maybe", 400, "bad_request", "root"],
    ["qr=yes", 400, "bad_request", "qr"],
    ["key=spring", 422, "unprocessable_entity", "key"],
    ["domain=a.link,b.link&key=spring", 422, "unprocessable_entity", "key"],
    ["externalId=12345", 422, "unprocessable_entity", "externalId"],
    ["query=metadata%5B%27plan%27%5D%3A%27pro%27", 422, "unprocessable_entity", "query"],
    ["event=leads&query=plan%3Dpro", 400, "bad_request", "query"],
    ["event=sales&query=" + "x".repeat(10_001), 422, "unprocessable_entity", "query"],
    ["saleType=new", 422, "unprocessable_entity", "saleType"],
    ["event=sales&saleType=refund", 422, "unprocessable_entity", "saleType"],
    ["country=US&country=DE", 400, "bad_request", "country"],
    ["city=", 400, "bad_request", "city"],
    ["device=Mobile,,Desktop", 400, "bad_request", "device"],
    ["start=2026-11-16T10:00:00%2B25:00", 400, "bad_request", "start"],
    ["start=2026-11-16T10:00:00%2B2500", 400, "bad_request", "start"],
    ["start=2026-11-16T10:00:00%2B05:99", 400, "bad_request", "start"],
    ["end=2026-11-16T10:00:00-99:00", 400, "bad_request", "end"],
    ["start=2026-11-16T10:00-14:60", 400, "bad_request", "start"],
    ["externalId=ext_", 422, "unprocessable_entity", "externalId"],
  ];
  it.each(cases)("%s → %i %s", async (qs, status, code, param) => {
    const message = expectError(await api(`/events?${qs}`), status, code);
    expect(message).toContain(`"${param}"`);
  });

  it.each([
    ["start=2026-11-16T10:00:00%2B25:00", "start"],
    ["start=2026-11-16T10:00:00%2B2500&groupBy=timeseries", "start"],
    ["end=2026-11-16T10:00:00-99:00&groupBy=countries", "end"],
    ["start=2026-11-01&end=2026-11-16T10:00:00%2B05:99", "end"],
  ])("/analytics?%s → 400 bad_request naming %s", async (qs, param) => {
    const message = expectError(await api(`/analytics?${qs}`), 400, "bad_request");
    expect(message).toContain(`"${param}"`);
  });

  it("a start after the end is a 422 naming both, on both endpoints", async () => {
    for (const path of ["/events", "/analytics"]) {
      const message = expectError(await api(`${path}?start=2025-02-01&end=2025-01-01`), 422, "unprocessable_entity");
      expect(message, path).toBe(`Invalid range: "start" (2025-02-01) must be before "end" (2025-01-01).`);
    }
  });

  it("externalId=ext_ asks for the id after the prefix", async () => {
    const message = expectError(await api("/events?externalId=ext_"), 422, "unprocessable_entity");
    expect(message).not.toContain("must be prefixed");
    expect(message).toContain(`after the "ext_" prefix`);
  });

  it("a year before 100 is read as that year, not refused as malformed nor shifted to the 1900s", async () => {
    const res = await api("/events?start=0001-01-01&end=0099-12-31&limit=1");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe("long but valid input", () => {
  it("a 10000-character query, percent-encoded past 16 KiB, is served", async () => {
    // Each unit is é, then an escaped quote: 3 characters, 12 bytes once percent-encoded.
    const query = `metadata['plan']:'${String.raw`é\'`.repeat(3327)}'`;
    expect(query).toHaveLength(10_000);
    const qs = new URLSearchParams({ event: "leads", interval: "all", query }).toString();
    expect(qs.length).toBeGreaterThan(32_768);
    const res = await api(`/events?${qs}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const tooLong = await api(
      `/events?${new URLSearchParams({ event: "leads", query: `${query} ` + "x".repeat(5) }).toString()}`,
    );
    expectError(tooLong, 422, "unprocessable_entity");
  });
});

/** A small deterministic PRNG, so a failing case can be replayed. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = [
  "event",
  "domain",
  "key",
  "linkId",
  "externalId",
  "tenantId",
  "tagId",
  "folderId",
  "partnerTagId",
  "groupId",
  "partnerId",
  "customerId",
  "interval",
  "start",
  "end",
  "timezone",
  "country",
  "city",
  "region",
  "continent",
  "device",
  "browser",
  "os",
  "trigger",
  "referer",
  "refererUrl",
  "url",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "root",
  "saleType",
  "query",
  "page",
  "limit",
  "sortOrder",
  "sortBy",
  "programId",
  "tagIds",
  "qr",
  "order",
  "unknown",
  "__proto__",
  "constructor",
  "",
  "%00",
  "limit%5B%5D",
];
const VALUES = [
  "' OR '1'='1",
  "1; DROP TABLE click_events; --",
  '" OR 1=1 --',
  "$1",
  "$$",
  "?",
  ":name",
  "%27",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80",
  "😀",
  "Zürich",
  "東京",
  "‮evil",
  "\\",
  "\\'",
  "-",
  "--",
  "-,",
  ",",
  ",,",
  "-US,DE",
  "US",
  "us",
  "EU",
  "qr",
  "true",
  "false",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1",
  "1000",
  "1001",
  "99999999999999999999",
  "1e9",
  "0x10",
  " ",
  "2026-01-01",
  "2026-13-45",
  "2026-01-01T25:00:00Z",
  "9999-12-31",
  "0000-01-01",
  "24h",
  "all",
  "leads",
  "sales",
  "clicks",
  "ext_",
  "ext_abc",
  "metadata['plan']:'pro'",
  "metadata['a']:'b' AND metadata['c']:'d'",
  "metadata['x') OR 1=1 --']:'y'",
  "metadata[''']:'",
  "UTC",
  "Europe/Berlin",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  '{"$gt":""}',
  "[]",
  "{}",
  "2026-11-16T10:00:00+25:00",
  "2026-11-16T10:00:00%2B2500",
  "2026-11-16T10:00:00%2B05:99",
  "2026-11-16T10:00:00-99:00",
  "2026-11-16T10:00+14:00",
  "0001-01-01",
  "0050-06-01T12:00",
];

function hostileQuery(rand: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const parts: string[] = [];
  const count = 1 + Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const name = pick(NAMES);
    let value = pick(VALUES);
    const roll = rand();
    if (roll < 0.1) value = value.repeat(1 + Math.floor(rand() * 400)).slice(0, 6000);
    else if (roll < 0.3) value = encodeURIComponent(value);
    else if (roll < 0.4) value = `-${value},${pick(VALUES)}`;
    // Raw (unencoded) values on purpose: the server must cope with whatever the URL parser makes of them.
    parts.push(`${name}=${value.replaceAll("#", "%23").replaceAll("&", "%26")}`);
    if (rand() < 0.1) parts.push(`${name}=${pick(VALUES)}`);
  }
  return parts.join("&");
}

describe("bounded fuzz of hostile query strings", () => {
  it("never answers 5xx; every 4xx has the error shape; every 200 is an array", async () => {
    const rand = mulberry32(20260122);
    const queries = Array.from({ length: 300 }, () => hostileQuery(rand));
    const seen = new Map<number, number>();
    for (let i = 0; i < queries.length; i += 6) {
      const batch = queries.slice(i, i + 6);
      const results = await Promise.all(batch.map((qs) => api(`/events?${qs}`)));
      results.forEach((res, k) => {
        const qs = batch[k];
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        expect(res.status, qs).toBeLessThan(500);
        if (res.status === 200) expect(Array.isArray(res.body), qs).toBe(true);
        else expect(errorBodySchema.safeParse(res.body).success, `${res.status} ${qs}`).toBe(true);
      });
    }
    // The fuzz reaches both sides: accepted queries and refused ones.
    expect(seen.get(200) ?? 0).toBeGreaterThan(10);
    expect((seen.get(400) ?? 0) + (seen.get(422) ?? 0)).toBeGreaterThan(100);
    // 300 requests one after another: a budget for a busy machine and the ClickHouse store.
  }, 90_000);
});

/** Date-times from the accepted grammar with every field, offsets included, drawn past its real range. */
function hostileBound(rand: () => number): string {
  const num = (max: number, width: number) => String(Math.floor(rand() * (max + 1))).padStart(width, "0");
  const date = `${num(9999, 4)}-${num(13, 2)}-${num(32, 2)}`;
  if (rand() < 0.2) return date;
  const offset = rand() < 0.2 ? "Z" : `${rand() < 0.5 ? "+" : "-"}${num(99, 2)}${rand() < 0.5 ? ":" : ""}${num(99, 2)}`;
  return `${date}T${num(25, 2)}:${num(61, 2)}:${num(61, 2)}${rand() < 0.3 ? `.${num(999, 3)}` : ""}${rand() < 0.15 ? "" : offset}`;
}

describe("bounded fuzz of start and end", () => {
  it("never answers 5xx on /events or /analytics, whatever the fields and offsets", async () => {
    const rand = mulberry32(20261116);
    const seen = new Map<number, number>();
    for (let i = 0; i < 25; i++) {
      const batch = Array.from({ length: 6 }, (_, k) => {
        const params = new URLSearchParams(
          rand() < 0.5 ? { start: hostileBound(rand) } : { start: hostileBound(rand), end: hostileBound(rand) },
        );
        return `${k % 2 === 0 ? "/events" : "/analytics"}?${params}`;
      });
      const results = await Promise.all(batch.map((path) => api(path)));
      results.forEach((res, k) => {
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        expect(res.status, batch[k]).toBeLessThan(500);
        if (res.status !== 200)
          expect(errorBodySchema.safeParse(res.body).success, `${res.status} ${batch[k]}`).toBe(true);
      });
    }
    expect(seen.get(400) ?? 0).toBeGreaterThan(20);
  });
});
