import { startPostgres, type RunningPostgres } from "../../lib/db/testing/postgresServer";
import { nodeOptionsWithHeaderLimit } from "../../lib/http/headerLimit.mjs";
import { freePort, startRedis, type RunningRedis } from "../../lib/upstream/testing/redisServer";
import { startCountingProxy, type CountingProxy } from "../../lib/upstream/testing/servers";
import { startService, waitForPort, type Service } from "../bench/processes";
import { KEEP_ALIVE_ARGS } from "../start/keepAlive.mjs";
import { NEXT_BIN } from "./build";
import { startBalancer, type RunningBalancer } from "./haproxy";

/** The plan the load test runs on: Pro, 2 analytics requests a second. */
export const API_KEY = "demo_pro_key";
export const PLAN_PER_SECOND = 2;

export interface StackOptions {
  dataFile: string;
  distDir: string;
  replicas: number;
  cacheTtlMs: number;
  log: (line: string) => void;
}

export interface Stack {
  /** The load balancer in front of the replicas: what viewers open. */
  url: string;
  /** Every request that reached the platform, with when it arrived and its status. */
  upstream: CountingProxy;
  redis: RunningRedis;
  /** Each replica's output, for its warnings. */
  replicas: Service[];
  stop(): Promise<void>;
}

/** Variables of the developer's environment that would change what the replicas are. */
const NOT_INHERITED = [
  "LINK_API_BASE_URL",
  "LINK_API_KEY",
  "LINK_CACHE_TTL_MS",
  "LINK_API_TIMEOUT_MS",
  "LINK_WEBHOOK_SECRET",
  "LINKLENS_SECRET",
  "PUBLIC_URL",
  "DATABASE_URL",
  "REDIS_URL",
  "LINKLENS_REPLICAS",
  "PORT",
  "HOST",
];

/**
 * Everything the load test runs, on loopback and free ports: the embedded platform with its real
 * limits behind a counting pass-through, Redis and PostgreSQL from Debian (private directories
 * under the temp dir, stopped by process id), `replicas` dashboards (`next start` on the build in
 * `distDir`) sharing both, and HAProxy in front of them.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { log } = options;
  const stops: (() => Promise<void>)[] = [];
  // Last started, first stopped; each once, however often stop() is called.
  const stop = async () => {
    while (stops.length > 0)
      await stops
        .pop()?.()
        .catch(() => {});
  };
  try {
    const { service: platform, match } = await startService({
      name: "platform",
      args: [
        "--import",
        "tsx",
        "scripts/platform.ts",
        "--data",
        options.dataFile,
        "--port",
        "0",
        "--host",
        "127.0.0.1",
      ],
      ready: /^platform listening on (https?:\/\/\S+)$/m,
      timeoutMs: 120_000,
    });
    stops.push(() => platform.stop());
    const upstream = await startCountingProxy(match[1]);
    stops.push(() => upstream.close());
    log(`platform (real limits, ${API_KEY}: ${PLAN_PER_SECOND}/s) ${match[1]}, counted at ${upstream.url}`);

    const redis: RunningRedis = await startRedis();
    stops.push(() => redis.stop());
    const postgres: RunningPostgres = await startPostgres();
    stops.push(() => postgres.stop());
    log(`redis-server pid ${redis.pid} at ${redis.url}; postgres at ${postgres.url.replace(/\/\/[^@]*@/, "//")}`);

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of NOT_INHERITED) delete env[name];
    Object.assign(env, {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: options.distDir,
      NODE_OPTIONS: nodeOptionsWithHeaderLimit(process.env.NODE_OPTIONS),
      LINK_API_BASE_URL: upstream.url,
      LINK_API_KEY: API_KEY,
      LINK_CACHE_TTL_MS: String(options.cacheTtlMs),
      REDIS_URL: redis.url,
      LINKLENS_REPLICAS: String(options.replicas),
      DATABASE_URL: postgres.url,
    });
    const replicas: Service[] = [];
    const ports: number[] = [];
    for (let i = 0; i < options.replicas; i++) {
      const port = await freePort();
      const { service } = await startService({
        name: `dashboard ${i + 1}`,
        // Closing an idle connection HAProxy is about to reuse would fail a viewer's request (../start/keepAlive.mjs).
        args: [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1", ...KEEP_ALIVE_ARGS],
        env: { ...env, PORT: String(port) },
        ready: /Ready in|started server on|Local:\s+http/i,
        timeoutMs: 120_000,
      });
      stops.push(() => service.stop());
      await waitForPort(port);
      // The first request opens the dashboard's database (and migrates it): one replica at a time.
      await fetch(`http://127.0.0.1:${port}/api/me`).then((r) => r.arrayBuffer());
      replicas.push(service);
      ports.push(port);
    }
    log(`${options.replicas} dashboards (next start, ${options.distDir}) on ports ${ports.join(", ")}`);

    const balancer: RunningBalancer = await startBalancer(await freePort(), ports);
    stops.push(() => balancer.stop());
    log(`haproxy (round robin) at ${balancer.url}`);
    return { url: balancer.url, upstream, redis, replicas, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
