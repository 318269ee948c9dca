import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_HEADER_BYTES } from "../../lib/http/headerLimit.mjs";
import { waitForPort } from "../bench/processes";

/** Debian's HAProxy (`apt-get install -y haproxy`; .ci/run installs it). */
export const HAPROXY = "/usr/sbin/haproxy";

export interface RunningBalancer {
  url: string;
  stop(): Promise<void>;
}

function config(port: number, backends: readonly number[], dir: string): string {
  return [
    "global",
    `  pidfile ${join(dir, "haproxy.pid")}`,
    "  maxconn 4096",
    // The dashboard reads request heads up to this size (a long metadata query): so must its balancer.
    `  tune.bufsize ${MAX_HEADER_BYTES + 16 * 1024}`,
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 120s",
    "  timeout server 120s",
    "frontend dashboards",
    `  bind 127.0.0.1:${port}`,
    "  default_backend replicas",
    "backend replicas",
    "  balance roundrobin",
    ...backends.map((backend, i) => `  server replica${i + 1} 127.0.0.1:${backend} check inter 2s`),
    "",
  ].join("\n");
}

/** HAProxy on loopback, round robin over the replicas' ports, its config and pid file in a private temp dir; stopped by its process id. */
export async function startBalancer(port: number, backends: readonly number[]): Promise<RunningBalancer> {
  if (!existsSync(HAPROXY))
    throw new Error("HAProxy is not installed: apt-get install -y haproxy (the load test's balancer).");
  const dir = mkdtempSync(join(tmpdir(), "linklens-haproxy-"));
  const file = join(dir, "haproxy.cfg");
  writeFileSync(file, config(port, backends, dir));
  let output = "";
  // -db: in the foreground, so it is our child and stops with us.
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", file], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const exited = once(child, "exit");
      process.kill(child.pid, "SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitForPort(port),
      once(child, "exit").then(() => {
        throw new Error(`haproxy exited: ${output.trim()}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
