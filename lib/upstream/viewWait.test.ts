import { describe, expect, it } from "vitest";
import type { UpstreamReply } from "./client";
import { ResponseCache } from "./cache";
import { upstreamConfig } from "./config";
import type { KeyBudgets, ScheduleOptions } from "./keyBudgets";
import { createProxy } from "./upstreamProxy";
import { MAX_WAIT_MS, RateBudget } from "./rateBudget";
import { dashboardRequest } from "./testing/env";
import { dispatcherFor } from "./testing/dispatcher";
import { FakeClock } from "./testing/fakeClock";
import { track } from "./testing/track";
import { maxWaitFor, VIEW_MAX_WAIT_MS } from "./viewWait";

const OK: UpstreamReply = { status: 200, headers: new Headers({ "x-ratelimit-limit": "2" }), body: "[]" };

describe("how long a proxied request waits for its turn", () => {
  it("is longer for what a viewer looks at than for a prefetch or an unprioritized request, and bounded", () => {
    expect(maxWaitFor(10)).toBe(VIEW_MAX_WAIT_MS);
    expect(maxWaitFor(5)).toBe(VIEW_MAX_WAIT_MS);
    expect(maxWaitFor(1)).toBe(VIEW_MAX_WAIT_MS);
    expect(maxWaitFor(0)).toBe(MAX_WAIT_MS);
    expect(maxWaitFor(-10)).toBe(MAX_WAIT_MS);
    expect(VIEW_MAX_WAIT_MS).toBeGreaterThan(MAX_WAIT_MS);
    // 30 s of queue and the 15 s upstream timeout stay under a balancer's common 60 s idle timeout.
    expect(VIEW_MAX_WAIT_MS).toBeLessThanOrEqual(30_000);
  });

  it("is what the proxy asks of the key's budget, by the request's X-Linklens-Priority", async () => {
    const clock = new FakeClock();
    const asked: ScheduleOptions[] = [];
    const budgets: KeyBudgets = {
      forKey: () => ({
        schedule: (_send, options = {}) => {
          asked.push(options);
          return Promise.resolve(OK);
        },
      }),
    };
    const proxy = createProxy({
      config: upstreamConfig({ LINK_API_BASE_URL: "http://127.0.0.1:9", LINK_API_KEY: "k_test" }),
      clock,
      cache: new ResponseCache({ now: () => clock.now() }),
      budgets,
      dispatcher: dispatcherFor({ LINK_API_BASE_URL: "http://127.0.0.1:9" }),
    });
    const ask = (interval: string, priority?: string) =>
      proxy.forward(
        "analytics",
        dashboardRequest(`/api/analytics?groupBy=count&interval=${interval}`, {
          headers: priority === undefined ? {} : { "X-Linklens-Priority": priority },
        }),
      );
    for (const response of [await ask("24h", "10"), await ask("7d", "5"), await ask("30d", "-10"), await ask("90d")])
      expect(response.status).toBe(200);
    expect(asked.map((options) => [options.priority, options.maxWaitMs])).toEqual([
      [10, VIEW_MAX_WAIT_MS],
      [5, VIEW_MAX_WAIT_MS],
      [-10, MAX_WAIT_MS],
      [0, MAX_WAIT_MS],
    ]);
  });

  it("serves a cold burst of 40 distinct view requests at 2 a second without a 429, where 10 s refused the last ones", async () => {
    const outcome = async (maxWaitMs: number) => {
      const clock = new FakeClock();
      const budget = new RateBudget(clock);
      const sent: number[] = [];
      const send = () => {
        sent.push(clock.now());
        return Promise.resolve(OK);
      };
      // The first reply teaches the limit (2 a second); then 40 distinct requests arrive together.
      await budget.schedule(send);
      const answers = Array.from({ length: 40 }, () => track(budget.schedule(send, { priority: 10, maxWaitMs })));
      await clock.advance(60_000);
      return { statuses: answers.map((a) => a.value?.status), sent: sent.length };
    };
    const viewer = await outcome(maxWaitFor(10));
    expect(viewer.statuses.every((status) => status === 200)).toBe(true);
    expect(viewer.sent).toBe(41);
    const short = await outcome(MAX_WAIT_MS);
    expect(short.statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
