import { Dub } from "dub";
import type { LinkSchema } from "dub/models/components";
import * as errors from "dub/models/errors";
import type { GetCustomersRequest, GetLinksRequest } from "dub/models/operations";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CUSTOMER_SORTS } from "../../contract/customers";
import { MAX_OFFSET_PAGE, UNKNOWN_CURSOR_MESSAGE } from "../../contract/cursorPages";
import { LINK_SORTS } from "../../contract/links";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { thrown } from "../testing/sdk";

/**
 * Cursor pages of GET /links and GET /customers through the hosted platform's SDK (npm `dub`):
 * `startingAfter` / `endingBefore` walk the list in creation order both ways, and every
 * combination the hosted platform refuses is a 422 here too.
 */

let url: string;
let acme: Dub;
let globex: Dub;

const sdkFor = (token: string, serverURL = url) => new Dub({ token, serverURL, retryConfig: { strategy: "none" } });

beforeAll(() => {
  url = inject("platformUrl");
  acme = sdkFor("demo_business_key");
  globex = sdkFor("demo_advanced_key");
});

const linkIds = async (client: Dub, request: GetLinksRequest) =>
  (await client.links.list(request)).result.map((l) => l.id);
const customerIds = async (client: Dub, request: GetCustomersRequest) =>
  (await client.customers.list(request)).result.map((c) => c.id);

/** One list endpoint as the rules see it: its ids for a request, and the sorts other than creation time. */
const LISTS = [
  { name: "GET /links", path: "/links", ids: linkIds, otherSorts: LINK_SORTS.filter((s) => s !== "createdAt") },
  {
    name: "GET /customers",
    path: "/customers",
    ids: customerIds,
    otherSorts: CUSTOMER_SORTS.filter((s) => s !== "createdAt"),
  },
] as const;

type AnyRequest = GetLinksRequest & GetCustomersRequest;
const idsOf = (list: (typeof LISTS)[number], client: Dub, request: AnyRequest) => list.ids(client, request);

describe.each(LISTS)("$name by cursor", (list) => {
  it("walks creation order from the cursor, both ways, in either sort order, as numbered pages do", async () => {
    for (const sortOrder of ["desc", "asc"] as const) {
      const all = await idsOf(list, acme, { sortBy: "createdAt", sortOrder, pageSize: 30 });
      expect(all).toHaveLength(30);
      expect(await idsOf(list, acme, { sortOrder, pageSize: 10, startingAfter: all[9] })).toEqual(all.slice(10, 20));
      expect(await idsOf(list, acme, { sortOrder, pageSize: 10, endingBefore: all[20] })).toEqual(all.slice(10, 20));
      // Fewer before the cursor than the page holds: those there are.
      expect(await idsOf(list, acme, { sortOrder, pageSize: 10, endingBefore: all[3] })).toEqual(all.slice(0, 3));
      expect(await idsOf(list, acme, { sortOrder, pageSize: 10, endingBefore: all[0] })).toEqual([]);
    }
  });

  it("refuses both cursors together with 422", async () => {
    const [a, b] = await idsOf(list, acme, { pageSize: 2 });
    expect(await thrown(() => idsOf(list, acme, { startingAfter: a, endingBefore: b }))).toBeInstanceOf(
      errors.UnprocessableEntity,
    );
  });

  it("refuses a cursor with a page number with 422", async () => {
    const [a] = await idsOf(list, acme, { pageSize: 1 });
    expect(await thrown(() => idsOf(list, acme, { startingAfter: a, page: 1 }))).toBeInstanceOf(
      errors.UnprocessableEntity,
    );
    expect(await thrown(() => idsOf(list, acme, { endingBefore: a, page: 2 }))).toBeInstanceOf(
      errors.UnprocessableEntity,
    );
  });

  it("refuses an unknown cursor, and another workspace's, with 422", async () => {
    const [a] = await idsOf(list, acme, { pageSize: 1 });
    for (const [client, cursor] of [
      [acme, "no_such_id"],
      [globex, a],
    ] as const) {
      const err = await thrown(() => idsOf(list, client, { startingAfter: cursor }));
      expect(err).toBeInstanceOf(errors.UnprocessableEntity);
      expect((err as errors.UnprocessableEntity).error.message).toBe(UNKNOWN_CURSOR_MESSAGE);
    }
  });

  it("refuses a cursor with any sort but creation time with 422", async () => {
    const [a] = await idsOf(list, acme, { pageSize: 1 });
    // The SDK's links.list sends no sortBy (the hosted platform still reads it), so the query string is written by hand.
    for (const sortBy of list.otherSorts) {
      const res = await fetch(`${url}${list.path}?sortBy=${sortBy}&startingAfter=${a}`, {
        headers: { Authorization: "Bearer demo_business_key" },
      });
      expect(res.status, sortBy).toBe(422);
      expect(await res.json()).toMatchObject({
        error: { code: "unprocessable_entity", message: expect.stringContaining("createdAt") },
      });
    }
    expect(
      (
        await fetch(`${url}${list.path}?sortBy=createdAt&startingAfter=${a}`, {
          headers: { Authorization: "Bearer demo_business_key" },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a page number over 1,000 with 422, and serves page 1,000", async () => {
    expect(await idsOf(list, acme, { page: MAX_OFFSET_PAGE, pageSize: 100 })).toEqual([]);
    expect(await thrown(() => idsOf(list, acme, { page: MAX_OFFSET_PAGE + 1 }))).toBeInstanceOf(
      errors.UnprocessableEntity,
    );
  });
});

describe("cursors over what the platform writes", () => {
  let live: WritablePlatform;
  afterAll(async () => {
    await live?.close();
  });

  it("mints time-sortable ids, and walks a filtered list from the cursor's place even when the filter leaves it out", async () => {
    live = await startWritable();
    const dub = sdkFor("demo_business_key", live.url);
    const made: LinkSchema[] = [];
    for (let i = 0; i < 3; i++) made.push(await dub.links.create({ url: `https://example.com/cursor/${i}` }));
    for (const link of made) expect(link.id).toMatch(/^link_[0-9A-HJKMNP-TV-Z]{26}$/);
    const newest = await linkIds(dub, { pageSize: 3 });
    expect(newest).toEqual(made.map((l) => l.id).reverse());
    expect(await linkIds(dub, { pageSize: 2, startingAfter: made[2].id })).toEqual([made[1].id, made[0].id]);
    // A cursor outside the filtered list still marks a place in creation order.
    const domains = await dub.domains.list({});
    const other = domains.result.find((d) => d.slug !== made[0].domain)!;
    const older = await linkIds(dub, { domain: other.slug, pageSize: 5, startingAfter: made[0].id });
    const olderThanMade = await linkIds(dub, { domain: other.slug, pageSize: 5 });
    expect(older).toEqual(olderThanMade);

    const [click] = await dub.events.list({ event: "clicks", interval: "all", limit: 1 });
    if (!click || !("click" in click)) throw new Error("the seed has clicks");
    await dub.track.lead({
      clickId: click.click.id,
      eventName: "Sign up",
      customerExternalId: `cursor-${Date.now()}`,
      mode: "wait",
    });
    const [newestCustomer, previous] = await customerIds(dub, { pageSize: 2 });
    expect(newestCustomer).toMatch(/^cus_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await customerIds(dub, { pageSize: 1, startingAfter: newestCustomer })).toEqual([previous]);
  });
});
