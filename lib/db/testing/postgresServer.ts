import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";

export interface RunningPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

/** The newest Debian PostgreSQL's binaries (`apt-get install -y postgresql`), or null. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], "bin") : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** initdb refuses to run as root: then the cluster belongs to Debian's `postgres` user, and its processes run as it. */
function serverUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

async function waitUntilReady(url: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}`);
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadlineMs) throw new Error("postgres did not accept connections within 30 s");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * A private PostgreSQL server for tests: a fresh cluster in a temp dir, on loopback and a free
 * port, its socket in that dir, trust authentication; stopped by its process id.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      "PostgreSQL is not installed: apt-get install -y postgresql (the store's tests run against it as well as PGlite).",
    );
  const dir = mkdtempSync(join(tmpdir(), "linklens-pg-"));
  const dataDir = join(dir, "data");
  const user = serverUser();
  if ("uid" in user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const init = spawnSync(
    join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"],
    { encoding: "utf8", cwd: dir, ...user },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const args = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "max_connections=100",
  ];
  const child = spawn(join(bin, "postgres"), args, { stdio: ["ignore", "ignore", "pipe"], cwd: dir, ...user });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((r) => child.once("exit", r));
      // SIGINT: PostgreSQL's fast shutdown.
      process.kill(child.pid, "SIGINT");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(child.pid, "SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, Date.now() + 30_000);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${log}`);
  }
  return { url, stop };
}

/** A new, empty database on the server, for one test file: its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
