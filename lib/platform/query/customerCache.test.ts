import { describe, expect, it } from "vitest";
import type { Customer } from "../../contract/events";
import { CustomerCache } from "./customerCache";

const customer = (id: string, name: string): Customer => ({
  id,
  externalId: `ext-${id}`,
  name,
  email: null,
  avatar: null,
  country: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});
const cached = (id: string, name = "Ada") => ({ workspaceId: "ws_acme", customer: customer(id, name) });

describe("CustomerCache", () => {
  it("keeps what was read, until customers change", () => {
    const cache = new CustomerCache();
    cache.set("cus_1", cached("cus_1"), cache.mark());
    expect(cache.get("cus_1")).toEqual(cached("cus_1"));
    cache.changed();
    expect(cache.get("cus_1")).toBeUndefined();
  });

  it("refuses a record read before a change", () => {
    const cache = new CustomerCache();
    const mark = cache.mark();
    cache.changed();
    cache.set("cus_1", cached("cus_1", "stale"), mark);
    expect(cache.get("cus_1")).toBeUndefined();
    cache.set("cus_1", cached("cus_1", "fresh"), cache.mark());
    expect(cache.get("cus_1")?.customer.name).toBe("fresh");
  });

  it("drops the least recently used past its capacity", () => {
    const cache = new CustomerCache(2);
    for (const id of ["cus_1", "cus_2"]) cache.set(id, cached(id), cache.mark());
    cache.get("cus_1");
    cache.set("cus_3", cached("cus_3"), cache.mark());
    expect([cache.get("cus_1"), cache.get("cus_2"), cache.get("cus_3")].map((c) => c?.customer.id)).toEqual([
      "cus_1",
      undefined,
      "cus_3",
    ]);
  });
});
