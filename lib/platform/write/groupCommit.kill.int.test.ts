import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { openDuckDbFile } from "../store/duckdbFile";
import { DEMO_KEYS } from "../testing/client";
import { spawnTsx } from "../testing/spawnPlatform";

/**
 * The resolver's promise: a visit is answered only once its click is durable (in the click
 * journal, then copied into the file by group commit). Visitors follow a conversion-tracked link
 * many at once, the platform is killed (SIGKILL) in the middle, and once it has run again on the
 * file (replaying the journal), every click id a 302 carried is in the file, once. Tracked leads
 * and sales likewise: callers many at once (so that groups gather them: groupCommit.ts), killed in
 * the middle; every answered lead and sale is in the file, each invoice once.
 */

const LISTENING = /platform listening on (http:\/\/\S+)/;
const VISITORS = 32;
/** Answered visits before the kill: enough that several group commits were under way. */
const ANSWERED_BEFORE_KILL = 300;
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function startWritableProcess(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnTsx("scripts/platform.ts", [
    "--data",
    file,
    "--writable",
    "--port",
    "0",
    "--rate-limit-scale",
    "1000",
  ]);
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

describe("group commit across a kill -9", () => {
  let dir: string | undefined;
  let running: ChildProcess | undefined;

  afterAll(async () => {
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = once(running, "exit");
      running.kill("SIGKILL");
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("loses no answered click", { timeout: 240_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), "linklens-ingest-kill-"));
    const file = join(dir, "platform.duckdb");
    await copyFile(inject("dataFile"), file);
    const platform = await startWritableProcess(file);
    running = platform.child;
    const created = await fetch(`${platform.url}/links`, {
      method: "POST",
      headers: { Authorization: `Bearer ${DEMO_KEYS.business}`, "Content-Type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/kill-load", trackConversion: true }),
    });
    expect(created.status).toBe(200);
    const link = (await created.json()) as LinkRecord;
    const target = `${platform.url}/r/${link.domain}/${link.key}`;

    const answered = new Set<string>();
    let killed = false;
    let reachedKill: () => void = () => {};
    const killPoint = new Promise<void>((resolve) => (reachedKill = resolve));
    const visitor = async () => {
      while (!killed) {
        let res: Response;
        try {
          res = await fetch(target, { redirect: "manual", headers: { "User-Agent": DESKTOP } });
        } catch {
          return; // the platform is gone: this visit was never answered
        }
        await res.body?.cancel();
        if (res.status !== 302) continue;
        const id = new URL(res.headers.get("location") ?? "").searchParams.get("dub_id");
        if (id) answered.add(id);
        if (answered.size >= ANSWERED_BEFORE_KILL) reachedKill();
      }
    };
    const visitors = Array.from({ length: VISITORS }, visitor);
    await killPoint;
    // Visits are in flight, some in a group being committed: kill the platform there.
    const exited = once(platform.child, "exit");
    platform.child.kill("SIGKILL");
    await exited;
    killed = true;
    await Promise.all(visitors);
    expect(answered.size).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);

    // Start again on the file: DuckDB replays its log, the platform its click journal (the visits
    // answered before their click reached the file). Then once more, killed as soon as it listens,
    // and a third time stopped as usual: a replay repeated writes nothing twice.
    for (const stop of ["SIGKILL", "SIGKILL", "SIGTERM"] as const) {
      const again = await startWritableProcess(file);
      running = again.child;
      const exited = once(again.child, "exit");
      again.child.kill(stop);
      await exited;
    }
    const reopened = await openDuckDbFile(file);
    try {
      const rows = (
        await reopened.conn.runAndReadAll(`SELECT id FROM click_events WHERE link_id = $link`, { link: link.id })
      ).getRowObjectsJS();
      const ids = rows.map((row) => String(row.id));
      const stored = new Set(ids);
      const lost = [...answered].filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      // Each click once: none written twice by the replays.
      expect(ids.length).toBe(stored.size);
      const [counter] = (
        await reopened.conn.runAndReadAll(`SELECT clicks FROM links WHERE id = $link`, { link: link.id })
      ).getRowObjectsJS();
      // The link's counter moved with its clicks, in the same transactions.
      expect(Number(counter.clicks)).toBe(stored.size);
    } finally {
      reopened.close();
    }
  });

  it("loses no answered lead or sale, and counts each invoice once", { timeout: 240_000 }, async () => {
    dir ??= await mkdtemp(join(tmpdir(), "linklens-ingest-kill-"));
    const file = join(dir, "tracking.duckdb");
    await copyFile(inject("dataFile"), file);
    const platform = await startWritableProcess(file);
    running = platform.child;
    const headers = { Authorization: `Bearer ${DEMO_KEYS.business}`, "Content-Type": "application/json" };
    const created = await fetch(`${platform.url}/links`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: "https://example.com/kill-track", trackConversion: true }),
    });
    expect(created.status).toBe(200);
    const link = (await created.json()) as LinkRecord;
    const clickIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${platform.url}/r/${link.domain}/${link.key}`, {
        redirect: "manual",
        headers: { "User-Agent": DESKTOP },
      });
      await res.body?.cancel();
      clickIds.push(new URL(res.headers.get("location") ?? "").searchParams.get("dub_id") ?? "");
    }

    const leads = new Set<string>();
    const invoices = new Set<string>();
    let killed = false;
    let reachedKill: () => void = () => {};
    const killPoint = new Promise<void>((resolve) => (reachedKill = resolve));
    const post = async (path: string, body: unknown): Promise<boolean> => {
      try {
        const res = await fetch(`${platform.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
        await res.body?.cancel();
        return res.status === 200;
      } catch {
        return false; // the platform is gone: never answered
      }
    };
    const caller = async (n: number) => {
      for (let i = 0; !killed; i++) {
        const customer = `kill-${n}-${i}`;
        if (
          !(await post("/track/lead", {
            clickId: clickIds[i % clickIds.length],
            eventName: "Sign up",
            customerExternalId: customer,
          }))
        )
          return;
        leads.add(customer);
        // The same invoice twice at once: one sale.
        const invoiceId = `kill-inv-${n}-${i}`;
        const sale = { customerExternalId: customer, amount: 1200, invoiceId };
        const [a, b] = await Promise.all([post("/track/sale", sale), post("/track/sale", sale)]);
        if (a || b) invoices.add(invoiceId);
        if (leads.size + invoices.size >= ANSWERED_BEFORE_KILL) reachedKill();
        if (!a || !b) return;
      }
    };
    const callers = Array.from({ length: VISITORS }, (_, n) => caller(n));
    await killPoint;
    const exited = once(platform.child, "exit");
    platform.child.kill("SIGKILL");
    await exited;
    killed = true;
    await Promise.all(callers);

    const again = await startWritableProcess(file);
    running = again.child;
    const stopped = once(again.child, "exit");
    again.child.kill("SIGTERM");
    await stopped;
    const reopened = await openDuckDbFile(file);
    try {
      const read = async (sql: string) => (await reopened.conn.runAndReadAll(sql, { link: link.id })).getRowObjectsJS();
      const leadRows = await read(
        `SELECT c.external_id FROM lead_events le JOIN customers c ON c.id = le.customer_id WHERE le.link_id = $link`,
      );
      const storedLeads = new Set(leadRows.map((row) => String(row.external_id)));
      expect([...leads].filter((id) => !storedLeads.has(id))).toEqual([]);
      const saleRows = await read(
        `SELECT invoice_id, count(*)::INTEGER AS n FROM sale_events WHERE link_id = $link GROUP BY invoice_id`,
      );
      const storedSales = new Map(saleRows.map((row) => [String(row.invoice_id), Number(row.n)]));
      expect([...invoices].filter((id) => storedSales.get(id) !== 1)).toEqual([]);
      // Nothing counted twice: every stored invoice once.
      expect([...storedSales.values()].filter((n) => n !== 1)).toEqual([]);
      const [counter] = await read(`SELECT leads, sales FROM links WHERE id = $link`);
      expect({ leads: Number(counter.leads), sales: Number(counter.sales) }).toEqual({
        leads: leadRows.length,
        sales: saleRows.length,
      });
    } finally {
      reopened.close();
    }
  });
});
