import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Json } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDuckDbFile, type DuckDbFile } from "../store/duckdbFile";
import { DEMO } from "./demo";
import { SEED_TABLES, seedDatabase } from "./index";
import { DEVICE_ROWS } from "./ref-devices";
import { GEO_ROWS } from "./ref-geo";
import { toUsdCents, type Currency } from "./ref-money";

const NOW = Date.parse("2026-11-22T02:00:00.000Z");
const ARGS = { clicks: 5000, days: 30, seed: 7, now: NOW };

let dir: string;
let store: DuckDbFile;
const checksums: Record<string, Record<string, string>> = {};

async function tableChecksums(s: DuckDbFile): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const t of SEED_TABLES) {
    // rowid order: the physical order (events by workspace and time) is part of the contract.
    const r = await s.conn.runAndReadAll(
      `SELECT count(*)::VARCHAR || ':' || md5(coalesce(string_agg(t::VARCHAR, chr(10) ORDER BY t.rowid), '')) FROM ${t} t`,
    );
    sums[t] = String(r.getRowsJS()[0]![0]);
  }
  return sums;
}

async function rows(sql: string): Promise<Record<string, Json>[]> {
  return (await store.conn.runAndReadAll(sql)).getRowObjectsJson();
}

async function count(sql: string): Promise<number> {
  return Number((await store.conn.runAndReadAll(sql)).getRowsJS()[0]![0]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "linklens-seed-"));
  for (const [name, args] of [
    ["a", ARGS],
    ["b", ARGS],
    ["c", { ...ARGS, seed: 8 }],
  ] as const) {
    const file = join(dir, `${name}.duckdb`);
    await seedDatabase(file, args);
    const s = await openDuckDbFile(file, { readOnly: true });
    checksums[name] = await tableChecksums(s);
    if (name === "a") store = s;
    else s.close();
  }
}, 120_000);

afterAll(async () => {
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("determinism", () => {
  it("gives identical tables for identical arguments", () => {
    expect(checksums.b).toEqual(checksums.a);
  });

  it("changes the random data, not the configuration, with another seed", () => {
    expect(checksums.c!.click_events).not.toBe(checksums.a!.click_events);
    expect(checksums.c!.links).not.toBe(checksums.a!.links);
    for (const t of ["workspaces", "api_keys", "domains", "folders", "tags", "partners", "partner_tags"]) {
      expect(checksums.c![t], t).toBe(checksums.a![t]);
    }
  });

  it("writes exactly the requested clicks", async () => {
    expect(await count("SELECT count(*) FROM click_events")).toBe(ARGS.clicks);
  });
});

describe("workspaces", () => {
  it("are the four demo workspaces, reachable by the sha256 of their keys", async () => {
    for (const ws of Object.values(DEMO)) {
      const hash = createHash("sha256").update(ws.apiKey).digest("hex");
      const [row] = await rows(
        `SELECT w.id, w.plan, w.default_program_id FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.key_hash = '${hash}'`,
      );
      expect(row).toEqual({ id: ws.id, plan: ws.plan, default_program_id: ws.defaultProgramId });
      const domains = await rows(
        `SELECT slug FROM domains WHERE workspace_id = '${ws.id}' ORDER BY NOT is_primary, slug`,
      );
      expect(domains.map((d) => d.slug)[0]).toBe(ws.domains[0]);
      for (const link of Object.values(ws.links)) {
        expect(
          await count(
            `SELECT count(*) FROM links WHERE id = '${link.id}' AND domain = '${link.domain}' AND key = '${link.key}'`,
          ),
        ).toBe(1);
      }
    }
  });

  it("share the clicks about 70/20/10, hooli a handful", async () => {
    const share = await rows(
      `SELECT w.slug, count(*) / ${ARGS.clicks} AS share FROM click_events c JOIN workspaces w ON w.id = c.workspace_id GROUP BY 1`,
    );
    const bySlug = Object.fromEntries(share.map((r) => [r.slug, Number(r.share)]));
    expect(bySlug.acme).toBeCloseTo(0.7, 1);
    expect(bySlug.globex).toBeCloseTo(0.2, 1);
    expect(bySlug.initech).toBeCloseTo(0.1, 1);
    expect(bySlug.hooli).toBeLessThan(0.01);
  });
});

describe("clicks", () => {
  it("place each city in its region, country and continent", async () => {
    const known = new Set(GEO_ROWS.map((g) => `${g.country.code}|${g.city.name}|${g.city.region}`));
    for (const r of await rows("SELECT DISTINCT country, city, region, continent FROM click_events")) {
      expect(known.has(`${r.country}|${r.city}|${r.region}`), `${r.city}`).toBe(true);
      expect(String(r.region).startsWith(`${r.country}-`)).toBe(true);
      expect(r.continent).toBe(GEO_ROWS.find((g) => g.country.code === r.country)?.country.continent);
    }
  });

  it("use coherent device, os, browser and user agent", async () => {
    const known = new Set(DEVICE_ROWS.map((d) => `${d.device}|${d.os}|${d.browser}|${d.ua}`));
    for (const r of await rows("SELECT DISTINCT device, os, browser, ua FROM click_events")) {
      expect(known.has(`${r.device}|${r.os}|${r.browser}|${r.ua}`)).toBe(true);
    }
  });

  it("have well-formed ids, IPs and referrers", async () => {
    expect(await count("SELECT count(*) - count(DISTINCT id) FROM click_events")).toBe(0);
    expect(await count("SELECT count(*) FROM click_events WHERE NOT regexp_full_match(id, '[0-9A-Za-z]{16}')")).toBe(0);
    const badIp = `NOT regexp_full_match(ip, '(\\d{1,3}\\.){3}\\d{1,3}') AND NOT regexp_full_match(ip, '([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}')`;
    expect(await count(`SELECT count(*) FROM click_events WHERE ${badIp}`)).toBe(0);
    expect(
      await count(`SELECT count(*) FROM click_events WHERE (referer = '(direct)') <> (referer_url = '(direct)')`),
    ).toBe(0);
    const hostOfUrl = `regexp_extract(referer_url, '^https://(www\\.)?([^/]+)', 2)`;
    expect(
      await count(`SELECT count(*) FROM click_events WHERE referer <> '(direct)' AND ${hostOfUrl} <> referer`),
    ).toBe(0);
  });

  it("have QR scans without referrer and pageviews only on root-domain links", async () => {
    expect(await count("SELECT count(*) FROM click_events WHERE trigger = 'qr' AND referer <> '(direct)'")).toBe(0);
    expect(
      await count(
        "SELECT count(*) FROM click_events c JOIN links l ON l.id = c.link_id WHERE c.trigger = 'pageview' AND l.key <> '_root'",
      ),
    ).toBe(0);
    const qrShare = await count("SELECT avg((trigger = 'qr')::INT) * 1000 FROM click_events");
    expect(qrShare).toBeGreaterThan(50);
    expect(qrShare).toBeLessThan(120);
  });

  it("happen in the window, after their link was created, by workspace then time", async () => {
    const start = new Date(NOW - ARGS.days * 86_400_000).toISOString();
    const end = new Date(NOW).toISOString();
    expect(await count(`SELECT count(*) FROM click_events WHERE timestamp < '${start}' OR timestamp >= '${end}'`)).toBe(
      0,
    );
    expect(
      await count(
        `SELECT count(*) FROM click_events c JOIN links l ON l.id = c.link_id
         WHERE c.timestamp < l.created_at OR c.workspace_id <> l.workspace_id OR c.timestamp >= coalesce(l.disabled_at, 'infinity')`,
      ),
    ).toBe(0);
    for (const t of ["click_events", "lead_events", "sale_events"]) {
      const back = `SELECT count(*) FROM (
        SELECT (workspace_id, timestamp) < lag((workspace_id, timestamp)) OVER (ORDER BY rowid) AS back FROM ${t}) WHERE back`;
      expect(await count(back), t).toBe(0);
      expect(await count(`SELECT count(DISTINCT workspace_id) FROM ${t}`), t).toBeGreaterThan(1);
    }
  });

  it("reach one of the link's destinations", async () => {
    const bad = await count(`
      SELECT count(*) FROM click_events c JOIN links l ON l.id = c.link_id
      WHERE c.url NOT IN (l.url, coalesce(l.expired_url, ''), coalesce(l.ios, ''), coalesce(l.android, ''))
        AND NOT list_contains(coalesce(json_extract_string(l.test_variants, '$[*].url'), []), c.url)
        AND coalesce(json_extract_string(l.geo, '$.' || c.country), '') <> c.url`);
    expect(bad).toBe(0);
  });
});

describe("links", () => {
  it("carry UTM parameters in the URL equal to their utm_* columns", async () => {
    const links = await rows("SELECT url, utm_source, utm_medium, utm_campaign, utm_term, utm_content FROM links");
    for (const l of links) {
      const params = new URL(String(l.url)).searchParams;
      for (const k of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]) {
        expect(params.get(k), `${l.url} ${k}`).toBe(l[k] ?? null);
      }
    }
    const share = await count("SELECT avg((utm_source IS NOT NULL)::INT) * 100 FROM links");
    expect(share).toBeGreaterThan(45);
    expect(share).toBeLessThan(75);
  });

  it("have unique ids, keys per domain and external ids per workspace", async () => {
    expect(await count("SELECT count(*) FROM links WHERE NOT regexp_full_match(id, 'link_[0-9A-Za-z]{24}')")).toBe(0);
    expect(await count("SELECT count(*) - count(DISTINCT (domain, key)) FROM links")).toBe(0);
    expect(
      await count(
        "SELECT count(external_id) - count(DISTINCT (workspace_id, external_id)) FILTER (WHERE external_id IS NOT NULL) FROM links",
      ),
    ).toBe(0);
    expect(await count("SELECT count(*) FROM links WHERE external_id LIKE 'ext_%'")).toBe(0);
  });

  it("have valid A/B tests", async () => {
    const tests = await rows(
      "SELECT test_variants, test_started_at, test_completed_at FROM links WHERE test_variants IS NOT NULL",
    );
    expect(tests.length).toBeGreaterThan(0);
    for (const t of tests) {
      const variants = JSON.parse(String(t.test_variants)) as { url: string; percentage: number }[];
      expect(variants.length >= 2 && variants.length <= 4).toBe(true);
      expect(variants.reduce((s, v) => s + v.percentage, 0)).toBe(100);
      for (const v of variants) expect(v.percentage >= 10 && v.percentage <= 90).toBe(true);
      expect(t.test_started_at).not.toBeNull();
      expect(String(t.test_completed_at) > String(t.test_started_at)).toBe(true);
    }
  });

  it("reference tags, folders, partners and programs of their own workspace", async () => {
    expect(
      await count(
        "SELECT count(*) FROM link_tags lt JOIN links l ON l.id = lt.link_id JOIN tags t ON t.id = lt.tag_id WHERE t.workspace_id <> l.workspace_id",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) FROM links l LEFT JOIN folders f ON f.id = l.folder_id WHERE l.folder_id IS NOT NULL AND f.workspace_id IS DISTINCT FROM l.workspace_id",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) FROM links l LEFT JOIN partners p ON p.id = l.partner_id WHERE l.partner_id IS NOT NULL AND p.workspace_id IS DISTINCT FROM l.workspace_id",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) FROM links l JOIN workspaces w ON w.id = l.workspace_id WHERE (l.partner_id IS NOT NULL) <> (l.program_id IS NOT NULL) OR l.program_id <> w.default_program_id",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) FROM partners p LEFT JOIN partner_groups g ON g.id = p.group_id WHERE g.workspace_id IS DISTINCT FROM p.workspace_id",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) FROM partner_tag_assignments a JOIN partners p ON p.id = a.partner_id JOIN partner_tags t ON t.id = a.partner_tag_id WHERE t.workspace_id <> p.workspace_id",
      ),
    ).toBe(0);
  });

  it("have counters equal to their events", async () => {
    const bad = await count(`
      WITH c AS (SELECT link_id, count(*) n, max(timestamp) last_at FROM click_events GROUP BY 1),
           ld AS (SELECT link_id, count(*) n FROM lead_events GROUP BY 1),
           s AS (SELECT link_id, count(*) n, sum(amount) amount, count(DISTINCT customer_id) buyers FROM sale_events GROUP BY 1)
      SELECT count(*) FROM links l
      LEFT JOIN c ON c.link_id = l.id LEFT JOIN ld ON ld.link_id = l.id LEFT JOIN s ON s.link_id = l.id
      WHERE l.clicks <> coalesce(c.n, 0) OR l.leads <> coalesce(ld.n, 0) OR l.sales <> coalesce(s.n, 0)
         OR l.sale_amount <> coalesce(s.amount, 0) OR l.conversions <> coalesce(s.buyers, 0)
         OR l.last_clicked IS DISTINCT FROM c.last_at`);
    expect(bad).toBe(0);
  });
});

describe("conversions", () => {
  it("turn a few percent of clicks on tracked links into leads, after the click, one customer each", async () => {
    const rate = await count(
      `SELECT 100.0 * (SELECT count(*) FROM lead_events) / count(*) FROM click_events c JOIN links l ON l.id = c.link_id WHERE l.track_conversion`,
    );
    expect(rate).toBeGreaterThan(2);
    expect(rate).toBeLessThan(7);
    expect(
      await count(`
      SELECT count(*) FROM lead_events le
      LEFT JOIN click_events c ON c.id = le.click_id AND c.link_id = le.link_id AND c.workspace_id = le.workspace_id
      LEFT JOIN customers cu ON cu.id = le.customer_id AND cu.workspace_id = le.workspace_id
      WHERE c.id IS NULL OR cu.id IS NULL OR le.timestamp <= c.timestamp OR cu.created_at <> le.timestamp
         OR cu.country <> c.country`),
    ).toBe(0);
    expect(await count("SELECT count(*) - count(DISTINCT customer_id) FROM lead_events")).toBe(0);
    expect(await count("SELECT (SELECT count(*) FROM customers) - count(*) FROM lead_events")).toBe(0);
  });

  it("give every customer an external id of its workspace's style, unique in the workspace", async () => {
    expect(await count("SELECT count(*) FROM customers WHERE external_id IS NULL OR external_id = ''")).toBe(0);
    expect(await count("SELECT count(*) - count(DISTINCT (workspace_id, external_id)) FROM customers")).toBe(0);
    const styles: Record<string, string> = {
      acme: "usr_[0-9a-f]{12}",
      globex: "[1-9][0-9]{5,6}",
      initech: "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
      hooli: "h-[0-9A-Za-z]{8}",
    };
    for (const [slug, style] of Object.entries(styles)) {
      const off = await count(
        `SELECT count(*) FROM customers c JOIN workspaces w ON w.id = c.workspace_id WHERE w.slug = '${slug}' AND NOT regexp_full_match(c.external_id, '${style}')`,
      );
      expect(off, slug).toBe(0);
    }
  });

  it("sell to leads' customers: one new sale first, then renewals", async () => {
    expect(
      await count(`
      SELECT count(*) FROM sale_events s
      LEFT JOIN lead_events le ON le.customer_id = s.customer_id AND le.click_id = s.click_id AND le.link_id = s.link_id
      WHERE le.id IS NULL OR s.timestamp <= le.timestamp`),
    ).toBe(0);
    expect(
      await count(`
      SELECT count(*) FROM (
        SELECT customer_id, count(*) FILTER (WHERE sale_type = 'new') news,
               min(timestamp) FILTER (WHERE sale_type = 'new') first_new, min(timestamp) first_at
        FROM sale_events GROUP BY 1)
      WHERE news <> 1 OR first_new <> first_at`),
    ).toBe(0);
    const buyers = await count(
      "SELECT 100.0 * count(DISTINCT s.customer_id) / (SELECT count(*) FROM customers) FROM sale_events s",
    );
    expect(buyers).toBeGreaterThan(15);
    expect(buyers).toBeLessThan(45);
  });

  it("renew within a 30-day window, a week or a calendar month after the customer's previous sale", async () => {
    const renewals = await rows(`
      SELECT sale_type, json_extract_string(metadata, '$.interval') AS interval,
             epoch_ms(timestamp) - epoch_ms(lag(timestamp) OVER (PARTITION BY customer_id ORDER BY timestamp)) AS gap
      FROM sale_events QUALIFY sale_type = 'recurring'`);
    expect(renewals.length).toBeGreaterThan(0);
    const [day, processing] = [86_400_000, 30 * 60_000];
    for (const { gap, interval } of renewals) {
      const ms = Number(gap);
      const weekly = Math.abs(ms - 7 * day) <= processing;
      const monthly = ms >= 28 * day - processing && ms <= 31 * day + processing;
      expect(weekly || monthly, `${ms} ms`).toBe(true);
      if (interval !== null) expect(interval === "week" ? weekly : monthly, `${interval}: ${ms} ms`).toBe(true);
    }
  });

  it("convert amounts to USD cents at the fixed rates", async () => {
    // What the customer paid is kept where a hosted-platform client keeps it: the sale's metadata.
    const paid = `SELECT DISTINCT json_extract_string(metadata, '$.original_amount') AS amount,
      json_extract_string(metadata, '$.original_currency') AS currency, amount AS amount_usd
      FROM sale_events WHERE json_extract_string(metadata, '$.original_currency') IS NOT NULL`;
    const converted = await rows(paid);
    expect(converted.map((s) => s.currency)).toContain("eur");
    for (const s of converted) {
      expect(Number(s.amount_usd)).toBe(toUsdCents(s.currency as Currency, Number(s.amount)));
    }
  });

  it("store every sale in USD cents, as the hosted platform does, the paid currency only in metadata", async () => {
    expect(await count("SELECT count(*) FROM sale_events WHERE currency <> 'usd'")).toBe(0);
    const share = await count(
      "SELECT 100.0 * count(*) FILTER (WHERE json_extract_string(metadata, '$.original_currency') IS NOT NULL) / count(*) FROM sale_events",
    );
    expect(share).toBeGreaterThan(3);
    expect(share).toBeLessThan(50);
    expect(
      await count(
        "SELECT count(*) FROM sale_events WHERE json_extract_string(metadata, '$.original_currency') = 'usd'",
      ),
    ).toBe(0);
  });
});
