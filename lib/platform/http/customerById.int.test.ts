import type { Dub } from "dub";
import * as errors from "dub/models/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_NOT_FOUND } from "../../contract/customers";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { sdkFor, thrown } from "../testing/sdk";

/** GET and PATCH /customers/{id} through the hosted platform's SDK, on a writable platform of the test's own. */

let live: WritablePlatform;
let dub: Dub;

beforeAll(async () => {
  live = await startWritable();
  dub = sdkFor(live.url);
});
afterAll(async () => {
  await live?.close();
});

describe("GET /customers/{id}", () => {
  it("answers the customer as listed, by id or ext_ external id, with its link and partner when expanded", async () => {
    const [listed] = (await dub.customers.list({ sortBy: "saleAmount", pageSize: 1, includeExpandedFields: true }))
      .result;
    expect(await dub.customers.get({ id: listed.id, includeExpandedFields: true })).toEqual(listed);
    const plain = await dub.customers.get({ id: `ext_${listed.externalId}` });
    expect(plain).toMatchObject({
      id: listed.id,
      externalId: listed.externalId,
      sales: listed.sales,
      saleAmount: listed.saleAmount,
    });
    expect(plain.link).toBeUndefined();
  });

  it("is 404 for an unknown customer and another workspace's", async () => {
    const [listed] = (await dub.customers.list({ pageSize: 1 })).result;
    const other = sdkFor(live.url, "demo_advanced_key");
    for (const call of [() => dub.customers.get({ id: "cus_nope" }), () => other.customers.get({ id: listed.id })]) {
      const err = await thrown(call);
      expect(err).toBeInstanceOf(errors.NotFound);
      expect((err as errors.NotFound).error.message).toBe(CUSTOMER_NOT_FOUND);
    }
  });
});

describe("PATCH /customers/{id}", () => {
  it("changes the fields given, keeps the others, and shows the change in the customer's events", async () => {
    const [listed] = (await dub.customers.list({ sortBy: "saleAmount", pageSize: 1 })).result;
    const customerOfSale = async () => {
      const [sale] = await dub.events.list({ event: "sales", interval: "all", customerId: listed.id, limit: 1 });
      return sale && "customer" in sale ? sale.customer : null;
    };
    // Read once before the change: the page's customers are cached (query/customerCache.ts) until a write changes one.
    expect(await customerOfSale()).toMatchObject({ id: listed.id, name: listed.name });
    const externalId = `patched-${Date.now()}`;
    const updated = await dub.customers.update({
      id: listed.id,
      requestBody: { name: "Grace Hopper", email: "grace@example.com", country: "US", externalId },
    });
    expect(updated).toMatchObject({
      id: listed.id,
      name: "Grace Hopper",
      email: "grace@example.com",
      country: "US",
      externalId,
      avatar: listed.avatar,
      saleAmount: listed.saleAmount,
    });
    expect(await dub.customers.get({ id: `ext_${externalId}` })).toEqual(updated);
    expect(await customerOfSale()).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      externalId,
    });
  });

  it("refuses another customer's external id (409), bad values (422) and an unknown customer (404)", async () => {
    const [a, b] = (await dub.customers.list({ pageSize: 2 })).result;
    expect(
      await thrown(() => dub.customers.update({ id: a.id, requestBody: { externalId: b.externalId } })),
    ).toBeInstanceOf(errors.Conflict);
    expect(
      (await live.request(`/customers/${a.id}`, { method: "PATCH", body: { email: "not an email" } })).status,
    ).toBe(422);
    expect((await live.request(`/customers/${a.id}`, { method: "PATCH", body: { country: "usa" } })).status).toBe(422);
    expect(await thrown(() => dub.customers.update({ id: "cus_nope", requestBody: { name: "x" } }))).toBeInstanceOf(
      errors.NotFound,
    );
    expect(await dub.customers.get({ id: a.id })).toEqual(a);
  });
});
