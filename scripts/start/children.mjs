// The processes npm start runs: tasks run to their end (the seed, the build) and servers kept
// running (the platform, the dashboard), each server in a process group of its own so Ctrl-C
// reaches it only through npm start, in order.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { dirname, relative } from "node:path";

/** Seconds since `started`, for progress lines. */
export const secondsSince = (started) => `${((Date.now() - started) / 1000).toFixed(0)} s`;

/** A path as the person who ran npm start looks for it: relative to where they are. */
export const shown = (path) => relative(process.cwd(), path) || ".";

/**
 * @param {{ root: string, env: NodeJS.ProcessEnv }} options the project's root (every child's
 *   working directory) and the environment tasks run with (read when each starts)
 */
export function createChildren({ root, env }) {
  const node = process.execPath;
  /** @type {{ name: string, child: import("node:child_process").ChildProcess }[]} */
  const running = [];
  /** The seed and the build, run to their end before the servers start. */
  const tasks = new Set();
  let stopping = false;

  function signalGroup(child, signal) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }

  function stopAll(code = 0) {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    if (running.length === 0) process.exit(code);
    for (const { child } of running) signalGroup(child, "SIGTERM");
    setTimeout(() => {
      for (const { child } of running) signalGroup(child, "SIGKILL");
      process.exit(code || 1);
    }, 8000).unref();
  }

  function fail(message, code = 1) {
    console.error(`linklens: ${message}`);
    stopAll(code);
  }

  /** A server, kept running: its unexpected exit stops everything. */
  function start(name, args, serverEnv, stdout = "inherit") {
    const child = spawn(node, args, {
      cwd: root,
      env: serverEnv,
      stdio: ["ignore", stdout, "inherit"],
      detached: true,
    });
    running.push({ name, child });
    child.on("exit", (code, signal) => {
      const index = running.findIndex((r) => r.child === child);
      if (index !== -1) running.splice(index, 1);
      // Whatever the child left behind in its group (tsx runs the script in a grandchild) goes too.
      signalGroup(child, "SIGTERM");
      if (!stopping) fail(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}).`, code || 1);
      else if (running.length === 0) process.exit(process.exitCode ?? 0);
    });
    return child;
  }

  /**
   * `node <args>` to its end, its output to the console or (`log`) to a file. Resolves when it
   * succeeded; otherwise says what failed (with the log's last lines and path) and stops.
   */
  function runToEnd(label, args, log) {
    console.log(`linklens: ${label}…${log ? ` (output in ${shown(log)})` : ""}`);
    const started = Date.now();
    let out = "inherit";
    if (log) {
      mkdirSync(dirname(log), { recursive: true });
      out = createWriteStream(log);
    }
    return new Promise((resolveDone) => {
      const child = spawn(node, args, {
        cwd: root,
        env,
        stdio: ["ignore", log ? "pipe" : "inherit", log ? "pipe" : "inherit"],
      });
      tasks.add(child);
      if (log) {
        child.stdout.pipe(out, { end: false });
        child.stderr.pipe(out, { end: false });
      }
      child.on("exit", (code, signal) => {
        tasks.delete(child);
        const finish = () => {
          if (code === 0) {
            console.log(`linklens: ${label}: done in ${secondsSince(started)}.`);
            resolveDone();
            return;
          }
          if (stopping) return;
          let tail = "";
          if (log) {
            const lines = readFileSync(log, "utf8").trimEnd().split("\n");
            tail = `\n${lines.slice(-15).join("\n")}\n(the whole output: ${shown(log)})`;
          }
          console.error(`linklens: ${label} failed (${signal ?? `exit code ${code}`}).${tail}`);
          process.exit(code || 1);
        };
        if (log) out.end(finish);
        else finish();
      });
    });
  }

  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (!stopping) console.log("\nlinklens: stopping…");
      stopAll(0);
    });
  }
  process.on("exit", () => {
    for (const { child } of running) signalGroup(child, "SIGKILL");
    for (const child of tasks) child.kill("SIGKILL");
  });

  return { start, runToEnd, fail, isStopping: () => stopping };
}
