import { figures, type Figures } from "./report";
import { PLAN_PER_SECOND, startStack, type Stack, type StackOptions } from "./stack";
import { simulateViewers } from "./viewers";
import type { ViewGroup } from "./views";

export interface RunOptions extends StackOptions {
  viewers: number;
  seconds: number;
  seed: number;
  groups: readonly ViewGroup[];
  /** Stop Redis this long in the middle of the run; undefined: Redis stays up. */
  outageSeconds?: number;
  /** Called with the running stack, so Ctrl-C can stop it; null once stopped. */
  onStack?: (stack: Stack | null) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Kills Redis (SIGKILL: an outage, not a shutdown) in the middle of the run and starts it again,
 * empty, on the same port `seconds` later. Resolves with when it was down (performance.now()).
 */
async function redisOutage(
  stack: Stack,
  startedAt: number,
  runSeconds: number,
  seconds: number,
  log: (line: string) => void,
): Promise<{ from: number; to: number }> {
  await wait(((runSeconds - seconds) / 2) * 1000);
  await stack.redis.kill();
  const from = performance.now();
  log(`redis-server killed at ${((from - startedAt) / 1000).toFixed(1)} s`);
  await wait(seconds * 1000);
  await stack.redis.restart();
  const to = performance.now();
  log(`redis-server back (pid ${stack.redis.pid}, same port, empty) at ${((to - startedAt) / 1000).toFixed(1)} s`);
  return { from, to };
}

/** One load test on a fresh stack (cold caches, an empty Redis, the platform's windows untouched): its figures. */
export async function runLoadTest(options: RunOptions): Promise<Figures> {
  const stack = await startStack(options);
  options.onStack?.(stack);
  try {
    const startedAt = performance.now();
    const [pages, outage] = await Promise.all([
      simulateViewers({
        url: stack.url,
        groups: options.groups,
        viewers: options.viewers,
        seconds: options.seconds,
        seed: options.seed,
        rampMs: Math.min(5000, (options.seconds * 1000) / 4),
      }),
      options.outageSeconds === undefined
        ? undefined
        : redisOutage(stack, startedAt, options.seconds, options.outageSeconds, options.log),
    ]);
    const endedAt = performance.now();
    for (const replica of stack.replicas) {
      const warnings = replica
        .output()
        .split("\n")
        .filter((line) => /redis/i.test(line));
      if (warnings.length > 0) {
        const said = warnings.length === 1 ? [warnings[0]] : [warnings[0], warnings[warnings.length - 1]];
        options.log(
          `${replica.name} said about Redis: ${warnings.length} line(s), first and last: ${said.map((line) => line.trim().slice(0, 200)).join(" | ")}`,
        );
      }
    }
    return figures(
      {
        seconds: options.seconds,
        viewers: options.viewers,
        startedAt,
        endedAt,
        pages,
        upstream: stack.upstream.seen,
        ...(outage ? { outage } : {}),
      },
      PLAN_PER_SECOND,
    );
  } finally {
    await stack.stop();
    options.onStack?.(null);
  }
}
