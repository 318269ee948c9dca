import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";

const LISTENING = /^platform listening on (https?:\/\/\S+)$/m;

export interface RunningPlatform {
  url: string;
  stop(): Promise<void>;
}

/** `node --import tsx <script> ...args`, from the repo root; `env` adds to this process's environment. */
export function spawnTsx(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
}

/** Runs a tsx script to completion; rejects with its stderr on a non-zero exit. */
export async function runTsx(script: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawnTsx(script, args, env);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.resume();
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${stderr.trim()}`);
}

/** Starts scripts/platform.ts and resolves once it prints its listening line. */
export async function startPlatform(
  args: string[],
  timeoutMs = 30_000,
  env: Record<string, string> = {},
): Promise<RunningPlatform> {
  const child = spawnTsx("scripts/platform.ts", args, env);
  let stdout = "";
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`platform did not start within ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = LISTENING.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`platform exited with ${code} before listening: ${stderr}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}
