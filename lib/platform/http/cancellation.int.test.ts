import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../../contract/errors";
import { openPlatform, type Platform } from "../openPlatform";
import { TestClock } from "../testing/clock";
import { authorization, readResponse } from "../testing/client";
import { serveApp } from "../testing/serveApp";
import { stallingDb, type StallingDb } from "../testing/stallingDb";
import { createApp } from "./platformApp";
import { ClientGone, DeadlineExceeded, QUERY_DEADLINE_MS } from "./requestWork";

/**
 * Cancellation and deadlines on the real app over the seeded file, in this process: every query
 * statement is replaced by a deliberately slow one (minutes of work), run on the platform's real
 * pool with the request's signal. A client that leaves, over app.request or a real socket, or the
 * deadline passing on the test's clock, interrupts it within milliseconds, and the connection
 * serves the next request. The pool has two connections so a third request has to wait.
 */

const WIDE =
  "/analytics?event=composite&groupBy=timeseries&interval=90d&granularity=hour&timezone=Asia/Kolkata&device=-Desktop";
const POOL_SIZE = 2;

let platform: Platform;
let clock: TestClock;
let stalling: StallingDb;

beforeAll(async () => {
  clock = new TestClock(new Date());
  platform = await openPlatform(inject("dataFile"), { poolSize: POOL_SIZE, timers: clock });
});
afterAll(() => platform?.close());

beforeEach(() => {
  stalling = stallingDb(platform.store.db);
});

/** The app over the stalling store, on the test's clock, with the rate limits out of the way. */
const stalledApp = () =>
  createApp({ store: { ...platform.store, db: stalling.db }, now: clock.now, timers: clock, rateLimitScale: 1000 });

/** Every connection idle again, and a real query answered on them. */
async function expectPoolClean(): Promise<void> {
  expect(platform.poolStats()).toEqual({ idle: POOL_SIZE, leased: 0, waiting: 0 });
  const app = createApp({ store: platform.store, now: clock.now, timers: clock, rateLimitScale: 1000 });
  const answers = await Promise.all(
    Array.from({ length: POOL_SIZE * 2 }, () =>
      app.request("/analytics?event=composite&groupBy=count&interval=30d", { headers: authorization("business") }),
    ),
  );
  for (const res of answers) expect(res.status).toBe(200);
}

describe("a slow query is interrupted", () => {
  it("when its client leaves (app.request's signal)", async () => {
    const client = new AbortController();
    const answer = stalledApp().request(WIDE, { headers: authorization("business"), signal: client.signal });
    const statement = await stalling.next();
    client.abort();
    expect(await statement.ended).toBeInstanceOf(ClientGone);
    await answer;
    await expectPoolClean();
  });

  it("when its client closes the socket", async () => {
    const served = await serveApp(stalledApp());
    try {
      const req = httpRequest(`${served.url}${WIDE}`, {
        headers: { ...authorization("business"), Connection: "close" },
      });
      req.on("error", () => {});
      req.end();
      const statement = await stalling.next();
      req.destroy();
      expect(await statement.ended).toBeInstanceOf(ClientGone);
      await expectPoolClean();
    } finally {
      await served.close();
    }
  });

  it(`at its deadline (${QUERY_DEADLINE_MS / 1000} s), answered with the spec's 422 saying what to do`, async () => {
    const answer = stalledApp().request(WIDE, { headers: authorization("business") });
    const statement = await stalling.next();
    clock.advance(QUERY_DEADLINE_MS - 1);
    expect(platform.poolStats().leased).toBe(1);
    clock.advance(1);
    expect(await statement.ended).toBeInstanceOf(DeadlineExceeded);
    const res = await readResponse(await answer);
    expect(res.status).toBe(422);
    const { error } = errorBodySchema.parse(res.body);
    expect(error.code).toBe("unprocessable_entity");
    expect(error.message).toContain(`did not finish within ${QUERY_DEADLINE_MS / 1000} s`);
    await expectPoolClean();
  });
});

describe("the pool's waiting list", () => {
  it("a request that cannot get a connection within 2 s is answered 429 with Retry-After, and leaves no trace", async () => {
    const app = stalledApp();
    const holders = [new AbortController(), new AbortController()];
    const held = holders.map((holder) =>
      app.request(WIDE, { headers: authorization("business"), signal: holder.signal }),
    );
    const running = await Promise.all(holders.map(() => stalling.next()));
    expect(platform.poolStats()).toEqual({ idle: 0, leased: 2, waiting: 0 });

    const waiting = app.request("/events?event=sales&interval=30d", { headers: authorization("advanced") });
    await stalling.next();
    expect(platform.poolStats().waiting).toBe(1);
    clock.advance(2000);
    const res = await readResponse(await waiting);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("2");
    expect(errorBodySchema.parse(res.body).error).toMatchObject({
      code: "rate_limit_exceeded",
      message: expect.stringContaining("retry in 2 s"),
    });

    for (const holder of holders) holder.abort();
    for (const statement of running) expect(await statement.ended).toBeInstanceOf(ClientGone);
    await Promise.all(held);
    await expectPoolClean();
  });
});
