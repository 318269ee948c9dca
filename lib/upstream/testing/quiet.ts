import type { RedisLink } from "../shared/redisLink";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Resolves once every link has no command in flight, and still none after the answers' callbacks
 * ran (they may send the next one): what a FakeClock test awaits after moving time, instead of a delay.
 */
export async function quiet(links: readonly RedisLink[]): Promise<void> {
  for (;;) {
    await Promise.all(links.map((link) => link.whenIdle()));
    await tick();
    await tick();
    if (links.every((link) => link.idle)) return;
  }
}

/** Resolves once `done()` holds, checked whenever the event loop turns: for what real I/O decides (a killed server's connection closing). */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}
