import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { isSignedBy } from "@/lib/http/webhookSignature";
import { DEMO_KEYS } from "@/lib/platform/testing/client";
import { startReceiver, type TestReceiver } from "@/lib/platform/testing/receiver";

/**
 * The embedded platform takes the secret it signs the dashboard's deliveries with from its
 * environment, never its command line: `ps` shows every local user a process's arguments.
 */

const SECRET = "whsec_SENTINEL_argv_check_5d1e";
const LISTENING = /platform listening on (http:\/\/\S+)/;

function platform(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/platform.ts", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
}

/** The command lines of `pid` and every process below it, as `ps` shows them. */
async function commandLines(pid: number): Promise<string[]> {
  const children = new Map<number, number[]>();
  const lines = new Map<number, string>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      lines.set(Number(entry), (await readFile(`/proc/${entry}/cmdline`, "utf8")).replaceAll("\0", " "));
    } catch {
      // gone meanwhile
    }
  }
  const out: string[] = [];
  const walk = (at: number) => {
    out.push(lines.get(at) ?? "");
    for (const child of children.get(at) ?? []) walk(child);
  };
  walk(pid);
  return out;
}

describe.skipIf(process.platform !== "linux")("the platform's webhook secret", () => {
  let dir: string | undefined;
  let receiver: TestReceiver | undefined;
  let running: ChildProcess | undefined;

  afterAll(async () => {
    if (running && running.exitCode === null) {
      const exited = once(running, "exit");
      running.kill("SIGTERM");
      await exited;
    }
    await receiver?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("comes from LINK_WEBHOOK_SECRET: no command line shows it, and deliveries are signed with it", {
    timeout: 60_000,
  }, async () => {
    dir = await mkdtemp(join(tmpdir(), "linklens-secret-"));
    const file = join(dir, "platform.duckdb");
    await copyFile(inject("dataFile"), file);
    receiver = await startReceiver(200);
    running = platform(
      ["--data", file, "--writable", "--port", "0", "--webhook-url", receiver.url, "--webhook-key", DEMO_KEYS.business],
      { LINK_WEBHOOK_SECRET: SECRET },
    );
    let out = "";
    const url = await new Promise<string>((resolve, reject) => {
      running?.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = LISTENING.exec(out);
        if (match) resolve(match[1]);
      });
      running?.once("exit", (code) => reject(new Error(`platform exited with ${code}`)));
    });
    const shown = await commandLines(running.pid ?? -1);
    expect(shown.join("\n")).toContain("scripts/platform.ts");
    expect(shown.join("\n")).not.toContain("SENTINEL");

    const auth = { Authorization: `Bearer ${DEMO_KEYS.business}`, "Content-Type": "application/json" };
    const link = (await (
      await fetch(`${url}/links`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ url: "https://example.com/argv" }),
      })
    ).json()) as { domain: string; key: string };
    await fetch(`${url}/r/${link.domain}/${link.key}`, {
      redirect: "manual",
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" },
    });
    await receiver.until((r) => r.length >= 1);
    expect(isSignedBy(receiver.received[0].body, receiver.received[0].signature, SECRET)).toBe(true);
  });

  it("refuses --webhook-secret, naming the variable to set", async () => {
    const child = platform(
      [
        "--data",
        inject("dataFile"),
        "--writable",
        "--webhook-url",
        "http://127.0.0.1:9/x",
        "--webhook-secret",
        "s",
        "--webhook-key",
        "k",
      ],
      {},
    );
    let err = "";
    child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(err).toMatch(/--webhook-secret would show the secret to every local user \(ps\); set LINK_WEBHOOK_SECRET/);
  });
});
