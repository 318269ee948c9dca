import { describe, expect, it } from "vitest";
import type { FilterClauses } from "../../contract/query";
import type { MetadataClause } from "../../contract/metadataQuery";
import { rollupRead, type RollupKey } from "./rollups";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NO_KEY: RollupKey = { columns: [], exprs: () => [] };
const COUNTRY: RollupKey = { columns: ["country"], exprs: () => ["e.country"] };
const LINK: RollupKey = { columns: ["link_id"], exprs: () => ["e.link_id"] };

const filters = (clauses: FilterClauses, metadata: MetadataClause[] = []) => ({ filters: clauses, metadata });
const one = (value: string) => ({ exclude: false, values: [value] });

/** 30 days from 07:13:05.123 UTC to 18:13 UTC: partial days (and hours) at both ends. */
const start = new Date(Date.UTC(2026, 9, 1, 7, 13, 5, 123));
const month = { start, end: new Date(start.getTime() + 30 * DAY + 11 * HOUR - 5_123) };

describe("rollupRead", () => {
  it("takes the first rollup keeping the key's and the filters' columns, days before hours", () => {
    expect(rollupRead(NO_KEY, filters({ country: one("US") }), month)?.def.table).toBe("rollup_day_country_device");
    expect(rollupRead(COUNTRY, filters({ device: one("Mobile") }), month)?.def.table).toBe("rollup_day_country_device");
    expect(rollupRead(LINK, filters({ trigger: one("qr") }), month)?.def.table).toBe("rollup_day_link_trigger");
    expect(rollupRead(LINK, filters({ referer: one("google.com") }), month)?.def.table).toBe("rollup_day_link_referer");
    // A link filter tests the link's ids: only the rollups keeping the link answer it.
    expect(rollupRead(NO_KEY, filters({ tagId: one("tag_1") }), month)?.def.table).toBe("rollup_day_link_trigger");
  });

  it("reads the whole slots there and the partial ones at both ends from the events", () => {
    const read = rollupRead(NO_KEY, filters({}), month);
    expect(read?.slots).toEqual({ start: new Date(Date.UTC(2026, 9, 2)), end: new Date(Date.UTC(2026, 9, 31)) });
    expect(read?.edges).toEqual([
      { name: "head", range: { start: month.start, end: new Date(Date.UTC(2026, 9, 2)) } },
      { name: "tail", range: { start: new Date(Date.UTC(2026, 9, 31)), end: month.end } },
    ]);
  });

  it("takes hours where a key's buckets are cut by days, and the events where they are cut by hours", () => {
    const hoursOnly: RollupKey = { ...NO_KEY, exact: (slotMs) => slotMs === HOUR };
    expect(rollupRead(hoursOnly, filters({ country: one("US") }), month)?.def.table).toBe("rollup_hour_country");
    expect(rollupRead(hoursOnly, filters({ device: one("Mobile") }), month)).toBeNull();
    expect(rollupRead({ ...NO_KEY, exact: () => false }, filters({}), month)).toBeNull();
  });

  it("leaves to the events a range without a whole slot, and filters no rollup keeps", () => {
    const hours = { start, end: new Date(start.getTime() + 5 * HOUR) };
    expect(rollupRead(NO_KEY, filters({}), hours)?.def.table).toBe("rollup_hour_country");
    expect(rollupRead(LINK, filters({}), hours)).toBeNull();
    expect(rollupRead(NO_KEY, filters({ country: one("US") }, [{ key: "plan", value: "pro" }]), month)).toBeNull();
    expect(rollupRead(NO_KEY, filters({ region: one("CA") }), month)).toBeNull();
    expect(rollupRead(NO_KEY, filters({ saleType: one("new") }), month)).toBeNull();
    expect(rollupRead(NO_KEY, filters({ trigger: one("qr"), device: one("Mobile") }), month)).toBeNull();
    expect(rollupRead(undefined, filters({}), month)).toBeNull();
  });
});
