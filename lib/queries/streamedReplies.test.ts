import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Metrics } from "../contract/analytics";
import type { StreamedReply } from "./firstScreenReplies";
import { awaitStreamedReply } from "./streamedReplies";

const COUNT: Metrics = { clicks: 10, leads: 4, sales: 2, saleAmount: 900 };
const KEY = ["w/acme", "analytics", "event=composite&groupBy=count", "previous"] as const;

function streamed(body: Promise<unknown>): StreamedReply {
  return { kind: "analytics", queryKey: KEY, groupBy: "count", params: "groupBy=count", priority: "low", body };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a reply streamed after the HTML", () => {
  it("holds its key loading until the body arrives, then the reply is the key's data", async () => {
    const client = new QueryClient();
    let arrive: (body: unknown) => void = () => {};
    awaitStreamedReply(client, "w/acme", streamed(new Promise((resolve) => (arrive = resolve))));
    // Loading: a hook reading the key waits for it instead of sending the request.
    expect(client.getQueryState(KEY)).toMatchObject({ status: "pending", fetchStatus: "fetching" });
    arrive(COUNT);
    await flush();
    expect(client.getQueryData(KEY)).toEqual(COUNT);
  });

  it("one the server could not get, which no hook wants, leaves no key behind: a hook that comes to want it asks itself", async () => {
    const client = new QueryClient();
    awaitStreamedReply(client, "w/acme", streamed(Promise.resolve(null)));
    await flush();
    await flush();
    expect(client.getQueryState(KEY)).toBeUndefined();
  });

  it("leaves a key the browser already holds as it is", async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, COUNT);
    awaitStreamedReply(client, "w/acme", streamed(new Promise(() => {})));
    expect(client.getQueryState(KEY)).toMatchObject({ status: "success", fetchStatus: "idle" });
  });

  it("takes a key a hook has created in its render but not fetched yet", async () => {
    const client = new QueryClient();
    client.getQueryCache().build(client, { queryKey: KEY });
    expect(client.getQueryState(KEY)).toMatchObject({ status: "pending", fetchStatus: "idle" });
    awaitStreamedReply(client, "w/acme", streamed(Promise.resolve(COUNT)));
    expect(client.getQueryState(KEY)).toMatchObject({ fetchStatus: "fetching" });
    await flush();
    expect(client.getQueryData(KEY)).toEqual(COUNT);
  });
});

describe("the customers report's reads streamed after the HTML", () => {
  const READS_KEY = ["w/acme", "customers", "sales", "event=sales&interval=90d&limit=300"] as const;
  const read = (amount: number, received: number) => ({
    events: [{ timestamp: "2026-11-24T10:00:00.000Z", sale: { amount, currency: "usd" } }],
    received,
  });

  it("every read the server made for the first page becomes a page of the hook's reads, in order, with no request of the browser's", async () => {
    const client = new QueryClient();
    const reads = [read(100, 300), read(200, 300), read(300, 12)];
    awaitStreamedReply(client, "w/acme", {
      kind: "customers",
      queryKey: READS_KEY,
      events: "sales",
      params: "event=sales&interval=90d&limit=300",
      body: Promise.resolve(reads),
    });
    expect(client.getQueryState(READS_KEY)).toMatchObject({ fetchStatus: "fetching" });
    for (let i = 0; i < 5; i++) await flush();
    expect(client.getQueryData(READS_KEY)).toEqual({ pages: reads, pageParams: [1, 2, 3] });
  });
});
