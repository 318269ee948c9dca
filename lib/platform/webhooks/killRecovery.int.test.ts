import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { isSignedBy } from "../../http/webhookSignature";
import { DEMO_KEYS } from "../testing/client";
import { startReceiver, type TestReceiver } from "../testing/receiver";
import { spawnTsx } from "../testing/spawnPlatform";

/**
 * The delivery queue survives a kill -9 of the platform mid-delivery: every click the resolver
 * answered before the kill is delivered once the platform runs again on the same file (at least
 * once: a delivery in flight at the kill comes again, with the same id).
 */

const LISTENING = /platform listening on (http:\/\/\S+)/;

async function startWritableProcess(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnTsx("scripts/platform.ts", ["--data", file, "--writable", "--port", "0"]);
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = LISTENING.exec(out);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`platform exited with ${code}: ${err}`)));
  });
  return { child, url };
}

const auth = { Authorization: `Bearer ${DEMO_KEYS.business}`, "Content-Type": "application/json" };

describe("the webhook queue across a kill -9", () => {
  let dir: string;
  let receiver: TestReceiver | undefined;
  let running: ChildProcess | undefined;

  afterAll(async () => {
    if (running && running.exitCode === null) {
      const exited = once(running, "exit");
      running.kill("SIGTERM");
      // Seen once in a full run under load: the second platform had not stopped 60 s after SIGTERM
      // (not reproduced since). Say so loudly and stop it, rather than time the hook out silently.
      const late = setTimeout(() => {
        console.error("killRecovery: the platform had not stopped 20 s after SIGTERM; killing it");
        running?.kill("SIGKILL");
      }, 20_000);
      await exited;
      clearTimeout(late);
    }
    await receiver?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("loses no accepted delivery", { timeout: 60_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), "linklens-kill-"));
    const file = join(dir, "platform.duckdb");
    await copyFile(inject("dataFile"), file);
    receiver = await startReceiver("hang");

    const first = await startWritableProcess(file);
    running = first.child;
    const hook = (await (
      await fetch(`${first.url}/webhooks`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ url: receiver.url, triggers: ["link.clicked"], secret: "kill-test-secret-0001" }),
      })
    ).json()) as { secret: string };
    const link = (await (
      await fetch(`${first.url}/links`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ url: "https://example.com/kill" }),
      })
    ).json()) as LinkRecord;
    const CLICKS = 5;
    for (let i = 0; i < CLICKS; i++) {
      const res = await fetch(`${first.url}/r/${link.domain}/${link.key}`, {
        redirect: "manual",
        headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" },
      });
      expect(res.status).toBe(302);
    }
    // Deliveries are in flight (the receiver holds them unanswered): kill the platform there.
    await receiver.until((r) => r.length >= 1);
    const killed = once(first.child, "exit");
    first.child.kill("SIGKILL");
    await killed;

    receiver.answer = 200;
    const second = await startWritableProcess(file);
    running = second.child;
    await receiver.until((r) => new Set(r.map((d) => (JSON.parse(d.body) as { id: string }).id)).size >= CLICKS);

    const ids = new Set<string>();
    const clickIds = new Set<string>();
    for (const delivery of receiver.received) {
      expect(isSignedBy(delivery.body, delivery.signature, hook.secret)).toBe(true);
      const parsed = JSON.parse(delivery.body) as { id: string; data: { click: { id: string }; link: { id: string } } };
      expect(parsed.data.link.id).toBe(link.id);
      ids.add(parsed.id);
      clickIds.add(parsed.data.click.id);
    }
    expect(ids.size).toBe(CLICKS);
    expect(clickIds.size).toBe(CLICKS);
  });
});
