import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { sleep } from "./stats";

/**
 * Child processes of the bench: each in its own process group (so whatever it starts goes too),
 * started until a line of its output says it is ready, stopped with SIGTERM then SIGKILL.
 * Every one is remembered so an error, Ctrl-C or exit never leaves one behind.
 */

export interface Service {
  readonly name: string;
  readonly pid: number;
  /** Last few kB of stdout and stderr, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** The folder it runs in (the repository's root unless said: a baseline's worktree, say). */
  cwd?: string;
  /** A line of stdout/stderr matching this means ready. */
  ready: RegExp;
  timeoutMs?: number;
}

const running = new Set<ChildProcess>();
const TAIL = 4000;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    // The leader is gone; whatever it left in its group goes too.
    signalGroup(child, "SIGKILL");
    running.delete(child);
    return;
  }
  const exited = once(child, "exit");
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
  signalGroup(child, "SIGKILL");
  running.delete(child);
}

/** `node <args>` from the repo root, resolved once `ready` shows up in its output. */
export async function startService(options: StartOptions): Promise<{ service: Service; match: RegExpExecArray }> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const child = spawn(process.execPath, options.args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let tail = "";
  const service: Service = {
    name: options.name,
    pid: child.pid ?? -1,
    output: () => tail.trim(),
    stop: () => stopChild(child),
  };
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      let seen = "";
      let done = false;
      const timer = setTimeout(
        () => reject(new Error(`${options.name} not ready within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        tail = (tail + text).slice(-TAIL);
        if (done) return;
        seen += text;
        const found = options.ready.exec(seen);
        if (found) {
          done = true;
          seen = "";
          clearTimeout(timer);
          resolve(found);
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${options.name} exited (${signal ?? `code ${code}`}) before it was ready`));
      });
    });
    return { service, match };
  } catch (err) {
    await stopChild(child);
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`${reason}${tail.trim() ? `; its output ends with: ${tail.trim().slice(-600)}` : ""}`);
  }
}

/** Runs `node <args>` to its end; rejects with the output's tail on a non-zero exit. */
export async function runToEnd(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd?: string,
): Promise<string> {
  const child = spawn(process.execPath, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
  running.add(child);
  let out = "";
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  signalGroup(child, "SIGKILL");
  running.delete(child);
  if (code !== 0) throw new Error(`${name} failed (${signal ?? `exit code ${code}`}): ${out.trim().slice(-1500)}`);
  return out;
}

/** Stops every child still running (in parallel: they are independent). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

let hooked = false;
/** Ctrl-C or a kill stops the children first; a plain exit SIGKILLs any left. */
export function stopChildrenOnExit(): void {
  if (hooked) return;
  hooked = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, stopping child processes…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  process.on("exit", () => {
    for (const child of running) signalGroup(child, "SIGKILL");
  });
}

/** Runs a bench script's `main` with its children stopped on exit: exit code 0 when it ends, 1 (the error printed) when it throws. */
export function runBenchMain(main: () => Promise<void>): void {
  stopChildrenOnExit();
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** Rejects when something already listens on host:port (a leftover would be measured instead of ours). */
export async function assertPortFree(port: number, host = "127.0.0.1"): Promise<void> {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => {
      socket.destroy();
      resolve(false);
    });
  });
  if (inUse) throw new Error(`port ${port} on ${host} is already in use; stop what listens there`);
}

/** Waits until the port accepts connections (after a ready line, to be sure). */
export async function waitForPort(port: number, timeoutMs = 10_000, host = "127.0.0.1"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertPortFree(port, host);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}
