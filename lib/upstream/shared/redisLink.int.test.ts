import { afterAll, beforeAll, expect, it } from "vitest";
import { realClock } from "../clock";
import { startRedis, type RunningRedis } from "../testing/redisServer";
import { RedisLink } from "./redisLink";

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/** Blocks the event loop, as a busy replica does (rendering, parsing a large reply). */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

// The real clock and a real stall: what is tested is the order in which Node's event loop runs a
// due timer and reads a socket, which a fake clock cannot reproduce.
it("an answer that came while the event loop was stalled past the command timeout is read, not taken for an outage", async () => {
  const warnings: string[] = [];
  const link = new RedisLink({
    url: redis.url,
    clock: realClock,
    outageNote: "alone",
    warn: (w) => warnings.push(w),
    commandTimeoutMs: 20,
    // Only the command's timeout is under test: a connection on a busy machine may take longer.
    connectTimeoutMs: 10_000,
  });
  try {
    expect(await link.run((client) => client.ping())).toBe("PONG");
    const answer = link.run((client) => client.ping());
    // The command is written; then the loop stalls well past the timeout while Redis answers.
    await new Promise((resolve) => setImmediate(resolve));
    stall(300);
    expect(await answer).toBe("PONG");
    expect(link.outageSince).toBeUndefined();
    expect(warnings).toEqual([]);
  } finally {
    link.close();
  }
});
