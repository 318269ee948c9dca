import { describe, expect, it } from "vitest";
import { resolveRange } from "../contract/dateRange";
import type { FilterParam } from "../contract/dimensions";
import { readEventsQuery, type CommonQuery, type FilterClause } from "../contract/query";
import { clipRange, lockQuery, narrowFilters } from "./shareLock";

const all = () => true;
const query = (search: string): CommonQuery =>
  readEventsQuery(Object.fromEntries(new URLSearchParams(search)), { perKind: false }).query;
const NOW = new Date("2026-11-20T12:00:00.000Z");

describe("narrowFilters", () => {
  it("intersects include lists, keeps every exclusion, and fills in what the request leaves out", () => {
    const lock = query("country=US,DE&device=-Mobile").filters;
    expect(narrowFilters(lock, query("country=DE,FR").filters, all)).toEqual({
      ok: true,
      query: { country: { exclude: false, values: ["DE"] }, device: { exclude: true, values: ["Mobile"] } },
    });
    expect(narrowFilters(lock, {}, all)).toEqual({ ok: true, query: lock });
    expect(narrowFilters(lock, query("country=-US&device=-Desktop").filters, all)).toEqual({
      ok: true,
      query: { country: { exclude: false, values: ["DE"] }, device: { exclude: true, values: ["Mobile", "Desktop"] } },
    });
    // Flipping the exclusion to an include of the excluded value leaves nothing.
    expect(narrowFilters(lock, query("device=Mobile").filters, all)).toMatchObject({ ok: false });
    expect(narrowFilters(lock, query("country=FR").filters, all)).toMatchObject({
      ok: false,
      reason: "This shared link shows only country US, DE.",
    });
  });

  it("single values must match; metadata queries are combined; the request's own filters pass", () => {
    const lock = query("saleType=new&query=metadata['plan']:'pro'").filters;
    expect(narrowFilters(lock, query("saleType=recurring").filters, all)).toMatchObject({ ok: false });
    const narrowed = narrowFilters(lock, query("query=metadata['seats']:'9'&browser=Chrome").filters, all);
    expect(narrowed).toEqual({
      ok: true,
      query: {
        browser: { exclude: false, values: ["Chrome"] },
        saleType: { exclude: false, values: ["new"] },
        query: { exclude: false, values: ["metadata['plan']:'pro' AND metadata['seats']:'9'"] },
      },
    });
  });
});

describe("clipRange", () => {
  const lock = query("interval=30d");
  it("keeps a range inside the lock as asked, clips one that sticks out, refuses one outside", () => {
    expect(clipRange(lock, query("interval=7d"), NOW)).toEqual({
      ok: true,
      query: { interval: "7d", start: undefined, end: undefined },
    });
    const clipped = clipRange(lock, query("interval=all"), NOW);
    expect(clipped).toEqual({
      ok: true,
      query: { interval: undefined, start: resolveRange(lock, NOW).start.toISOString(), end: NOW.toISOString() },
    });
    expect(clipRange(lock, query("start=2020-01-01&end=2020-02-01"), NOW)).toMatchObject({ ok: false });
  });
});

/** A small seeded generator (mulberry32): the fuzz is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNIVERSE: Record<string, string[]> = {
  country: ["US", "DE", "FR", "GB", "JP"],
  device: ["Desktop", "Mobile", "Tablet"],
  browser: ["Chrome", "Safari", "Firefox"],
};
const RANGES = [
  "interval=24h",
  "interval=7d",
  "interval=30d",
  "interval=90d",
  "interval=all",
  "start=2026-11-01&end=2026-11-10",
  "start=2026-10-01",
  "end=2026-11-15&interval=7d",
  "",
];

function admits(clause: FilterClause | undefined, value: string): boolean {
  if (!clause) return true;
  return clause.exclude ? !clause.values.includes(value) : clause.values.includes(value);
}

describe("a seeded fuzz of widening attempts", () => {
  it("never lets through a value or an instant the lock does not", () => {
    const next = random(12);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const clause = (param: string) => {
      const values = UNIVERSE[param].filter(() => next() < 0.5);
      if (values.length === 0) return null;
      return `${param}=${next() < 0.3 ? "-" : ""}${values.join(",")}`;
    };
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const lockSearch = [...Object.keys(UNIVERSE).map((p) => (next() < 0.6 ? clause(p) : null)), pick(RANGES)]
        .filter(Boolean)
        .join("&");
      const askedSearch = [...Object.keys(UNIVERSE).map((p) => (next() < 0.6 ? clause(p) : null)), pick(RANGES)]
        .filter(Boolean)
        .join("&");
      const lock = query(lockSearch);
      const locked = lockQuery(lock, query(askedSearch), NOW, all);
      if (!locked.ok) continue;
      checked += 1;
      for (const param of Object.keys(UNIVERSE) as FilterParam[]) {
        for (const value of UNIVERSE[param]) {
          if (admits(locked.query.filters[param], value))
            expect(admits(lock.filters[param], value), `${lockSearch} | ${askedSearch} → ${param}=${value}`).toBe(true);
        }
      }
      const outer = resolveRange(lock, NOW);
      const got = resolveRange(locked.query, NOW);
      expect(got.start.getTime()).toBeGreaterThanOrEqual(outer.start.getTime());
      expect(got.end.getTime()).toBeLessThanOrEqual(outer.end.getTime());
    }
    expect(checked).toBeGreaterThan(300);
  });
});
