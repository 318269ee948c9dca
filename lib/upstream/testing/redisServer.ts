import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@redis/client";

/** Debian's redis-server (`apt-get install -y redis-server`; .ci/run installs it). */
export const REDIS_SERVER = "/usr/bin/redis-server";

export interface RunningRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The server's process id while it runs. */
  readonly pid: number | undefined;
  /** Kills the process (SIGKILL by default: an outage, not a shutdown), keeping its port and directory for `restart`. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  restart(): Promise<void>;
  /** Forgets everything it holds (between tests), but the keys starting with `keep` if given. */
  flush(keep?: string): Promise<void>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port")),
      );
    });
  });
}

const READY = /Ready to accept connections/;

async function launch(port: number, dir: string): Promise<ChildProcess> {
  // Loopback only, nothing saved, its files in a private directory; never the system's service.
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "no",
    "--daemonize",
    "no",
    "--logfile",
    "",
  ];
  const child = spawn(REDIS_SERVER, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start within 10 s: ${output.slice(-1000)}`)),
      10_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!READY.test(output)) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stdout?.resume();
      resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output.slice(-1000)}`));
    });
  });
  return child;
}

async function killed(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = once(child, "exit");
  process.kill(child.pid, signal);
  await exited;
}

/** A private redis-server on loopback and a free port, its directory under the temp dir; stopped by its process id. */
export async function startRedis(): Promise<RunningRedis> {
  if (!existsSync(REDIS_SERVER))
    throw new Error(
      "redis-server is not installed: apt-get install -y redis-server (the Redis tests start their own).",
    );
  const dir = mkdtempSync(join(tmpdir(), "linklens-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  try {
    child = await launch(port, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    async kill(signal = "SIGKILL") {
      if (child) await killed(child, signal);
    },
    async restart() {
      if (child) await killed(child, "SIGKILL");
      child = await launch(port, dir);
    },
    async flush(keep) {
      const client = createClient({ url: `redis://127.0.0.1:${port}` });
      await client.connect();
      try {
        if (keep === undefined) await client.flushAll();
        else for (const key of await client.keys("*")) if (!key.startsWith(keep)) await client.del(key);
      } finally {
        client.destroy();
      }
    },
    async stop() {
      if (child) await killed(child, "SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
