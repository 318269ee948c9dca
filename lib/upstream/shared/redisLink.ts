import { createClient } from "@redis/client";
import type { Clock } from "../clock";
import { REDIS_SCRIPTS } from "./redisScripts";

/**
 * A connection that never reconnects on its own and refuses commands while closed (the health
 * checks decide when to try again), with the replicas' scripts as its commands (./redisScripts.ts).
 */
function connectionTo(url: string, timeoutMs: number) {
  return createClient({
    url,
    scripts: REDIS_SCRIPTS,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: false, connectTimeout: timeoutMs },
  });
}

export type RedisClient = ReturnType<typeof connectionTo>;

/** Redis did not answer (down, unreachable, or slower than the command timeout): the caller goes on alone. */
export class RedisUnavailable extends Error {
  constructor(reason: string) {
    super(`Redis is unavailable (${reason}).`);
    this.name = "RedisUnavailable";
  }
}

/**
 * A command slower than this counts as an outage. Redis answers in well under a millisecond on
 * a local network; half a second means it, or the way to it, is in trouble, and a view should
 * not wait on it longer than that.
 */
export const COMMAND_TIMEOUT_MS = 500;
/** Health checks during an outage: the first after this, then twice as long each time, up to `MAX_CHECK_MS`. */
export const FIRST_CHECK_MS = 250;
export const MAX_CHECK_MS = 2_000;

export interface RedisLinkOptions {
  url: string;
  clock: Clock;
  /** What each replica does while Redis is away, for the outage's warning. */
  outageNote: string;
  /** Where the outage's warnings go (console.warn); they never carry the URL, which may hold a password. */
  warn?: (message: string) => void;
  commandTimeoutMs?: number;
  /** Connecting (and subscribing) may take longer than a command; defaults to the command timeout. */
  connectTimeoutMs?: number;
}

type State = { kind: "connecting"; ready: Promise<void> } | { kind: "up" } | { kind: "down"; since: number };

class SlowAnswer extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms.`);
    this.name = "timeout";
  }
}

/** An error's name and code, never its message (it may quote the URL). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  return code ?? error.name;
}

function destroy(client: RedisClient | undefined): void {
  try {
    client?.destroy();
  } catch {
    // already closed
  }
}

/**
 * The process's connection to Redis, and whether it is usable. Any failure or slow answer marks an
 * outage (one warning), closes the connection and starts health checks on the injected clock with
 * backoff; the first that connects ends it (one more line). The client never reconnects on its own,
 * so only these checks decide when Redis is back. A second connection carries subscriptions.
 */
export class RedisLink {
  private client: RedisClient | undefined;
  private subscriber: RedisClient | undefined;
  private state: State = { kind: "connecting", ready: Promise.resolve() };
  private nextCheckMs = FIRST_CHECK_MS;
  private cancelCheck: (() => void) | undefined;
  private recovered: number | undefined;
  private closed = false;
  private readonly channels = new Map<string, (message: string) => void>();
  private readonly outageListeners = new Set<() => void>();
  private readonly recoveryListeners = new Set<() => void>();
  private readonly warn: (message: string) => void;
  private readonly timeoutMs: number;
  private readonly connectTimeoutMs: number;
  /** Commands and connection attempts in flight, and who waits for there to be none. */
  private busy = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: RedisLinkOptions) {
    this.warn = options.warn ?? ((message) => console.warn(message));
    this.timeoutMs = options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? this.timeoutMs;
    this.state = { kind: "connecting", ready: this.open() };
  }

  /** When the current outage began, on the injected clock; undefined while Redis answers. */
  get outageSince(): number | undefined {
    return this.state.kind === "down" ? this.state.since : undefined;
  }

  /** When Redis last came back after an outage; undefined when it never went away. */
  get recoveredAt(): number | undefined {
    return this.recovered;
  }

  /**
   * Runs `op` on the connection within the command timeout. Throws `RedisUnavailable` during an
   * outage without trying, and when `op` fails or is slow (which starts an outage).
   */
  async run<T>(op: (client: RedisClient) => Promise<T>): Promise<T> {
    if (this.state.kind === "connecting") await this.state.ready;
    const client = this.client;
    if (this.state.kind !== "up" || !client) throw new RedisUnavailable("outage");
    try {
      return await this.timed(op(client));
    } catch (error) {
      this.fail(error, client);
      throw new RedisUnavailable(reasonOf(error));
    }
  }

  get idle(): boolean {
    return this.busy === 0;
  }

  /** Resolves once no command or connection attempt is in flight: tests await this instead of a delay. */
  whenIdle(): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Delivers every message on `channel` to `listener`, across reconnections (messages sent during an outage are lost). */
  listen(channel: string, listener: (message: string) => void): void {
    this.channels.set(channel, listener);
    const subscriber = this.subscriber;
    if (this.state.kind === "up" && subscriber)
      this.timed(subscriber.subscribe(channel, listener)).catch((error: unknown) => this.fail(error, this.client));
  }

  /** Calls `listener` when an outage begins. */
  onOutage(listener: () => void): () => void {
    this.outageListeners.add(listener);
    return () => this.outageListeners.delete(listener);
  }

  /** Calls `listener` when Redis is reachable: at the first connection and after each outage. */
  onConnected(listener: () => void): () => void {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.cancelCheck?.();
    destroy(this.client);
    destroy(this.subscriber);
    this.client = undefined;
    this.subscriber = undefined;
  }

  private async open(): Promise<void> {
    const client = connectionTo(this.options.url, this.connectTimeoutMs);
    let subscriber: RedisClient | undefined;
    client.on("error", (error: unknown) => this.fail(error, client));
    try {
      await this.timed(client.connect(), this.connectTimeoutMs);
      subscriber = client.duplicate();
      subscriber.on("error", (error: unknown) => this.fail(error, client));
      await this.timed(subscriber.connect(), this.connectTimeoutMs);
      for (const [channel, listener] of this.channels) {
        await this.timed(subscriber.subscribe(channel, listener), this.connectTimeoutMs);
      }
    } catch (error) {
      destroy(client);
      destroy(subscriber);
      this.markDown(reasonOf(error));
      return;
    }
    if (this.closed) {
      destroy(client);
      destroy(subscriber);
      return;
    }
    const wasDown = this.state.kind === "down" ? this.state : undefined;
    this.client = client;
    this.subscriber = subscriber;
    this.state = { kind: "up" };
    this.nextCheckMs = FIRST_CHECK_MS;
    if (wasDown) {
      const now = this.options.clock.now();
      this.recovered = now;
      this.warn(
        `[linklens] Redis is reachable again after ${((now - wasDown.since) / 1000).toFixed(1)} s: the replicas share their rate budget and cache again.`,
      );
    }
    for (const listener of [...this.recoveryListeners]) listener();
  }

  /** A failure of `client`'s (a stale connection's failures are ignored). */
  private fail(error: unknown, client: RedisClient | undefined): void {
    if (client === undefined || client !== this.client) return;
    this.markDown(reasonOf(error));
  }

  private markDown(reason: string): void {
    if (this.closed) return;
    destroy(this.client);
    destroy(this.subscriber);
    this.client = undefined;
    this.subscriber = undefined;
    if (this.state.kind !== "down") {
      this.state = { kind: "down", since: this.options.clock.now() };
      this.warn(`[linklens] Redis is unreachable (${reason}): ${this.options.outageNote}`);
      for (const listener of [...this.outageListeners]) listener();
    }
    if (this.cancelCheck) return;
    this.cancelCheck = this.options.clock.setTimer(() => {
      this.cancelCheck = undefined;
      void this.open();
    }, this.nextCheckMs);
    this.nextCheckMs = Math.min(this.nextCheckMs * 2, MAX_CHECK_MS);
  }

  private timed<T>(promise: Promise<T>, timeoutMs = this.timeoutMs): Promise<T> {
    this.busy += 1;
    const answered = new Promise<T>((resolve, reject) => {
      // An event loop stalled past the timeout runs this timer before it reads an answer already on
      // the socket: the answer gets that read (I/O comes before setImmediate) before it counts as slow.
      const cancel = this.options.clock.setTimer(
        () => setImmediate(() => reject(new SlowAnswer(timeoutMs))),
        timeoutMs,
      );
      promise.then(
        (value) => {
          cancel();
          resolve(value);
        },
        (error: unknown) => {
          cancel();
          reject(error);
        },
      );
    });
    const done = () => {
      this.busy -= 1;
      if (this.busy > 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    };
    answered.then(done, done);
    return answered;
  }
}
