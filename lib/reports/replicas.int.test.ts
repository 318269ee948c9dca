import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { openDatabase } from "../db/openDatabase";
import { migrateAuthTables } from "../auth/authSchema";
import { freshDatabase } from "../db/testing/postgresServer";
import { startSmtpSink, type SmtpSink } from "../mail/testing/smtpSink";
import { LEASE_MS } from "./jobQueue";
import type { Cadence } from "./cadence";
import { ScheduleStore } from "./scheduleStore";

/**
 * Several dashboard processes on one PostgreSQL: each slot of each schedule is sent once, and a
 * process killed with SIGKILL between a slot and its sending loses nothing. The processes are
 * real (./testing/worker.ts); each is told what time it is, so nothing waits on the wall clock.
 */

const DAILY: Cadence = { frequency: "daily", hour: 7, timezone: "Europe/Berlin" };

function worker(args: Record<string, string | boolean>): {
  child: ChildProcess;
  lines: Promise<string[]>;
  firstLine: Promise<string>;
} {
  const argv = Object.entries(args).flatMap(([key, value]) =>
    value === true ? [`--${key}`] : [`--${key}`, String(value)],
  );
  const child = spawn(
    process.execPath,
    ["--import", "./lib/reports/testing/serverOnly.mjs", "--import", "tsx", "lib/reports/testing/worker.ts", ...argv],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  let onLine: (line: string) => void = () => {};
  const firstLine = new Promise<string>((resolve) => (onLine = resolve));
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes("\n")) onLine(out.split("\n")[0]);
  });
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const lines = new Promise<string[]>((resolve, reject) =>
    child.once("exit", (code, signal) =>
      code === 0 || signal === "SIGKILL"
        ? resolve(out.trim().split("\n").filter(Boolean))
        : reject(new Error(`worker exited ${code}: ${err.slice(-2000)}`)),
    ),
  );
  return { child, lines, firstLine };
}

describe("reports with two dashboard processes on one PostgreSQL", () => {
  let url: string;
  let database: Database;
  let t: TestApp;
  let sink: SmtpSink;
  let ownerId: string;
  let workspaceId: string;

  beforeAll(async () => {
    url = await freshDatabase(inject("postgresUrl"), `r_${randomBytes(6).toString("hex")}`);
    database = await openDatabase({ url });
    await migrateAuthTables(database.dialect);
    t = await testApp(database, inject("platformUrl"));
    ownerId = (await t.person("owner@example.com", { acme: "owner" })).userId;
    workspaceId = (await t.app.workspaces.bySlug("acme"))!.id;
    sink = await startSmtpSink();
  }, 60_000);
  afterAll(async () => {
    await sink?.close();
    await database?.close();
  });

  const schedule = (name: string) =>
    new ScheduleStore(database.db, t.clock.now).create(workspaceId, ownerId, {
      kind: "report",
      name,
      viewQuery: "?interval=7d&timezone=UTC",
      cadence: DAILY,
      recipients: [{ kind: "member", userId: ownerId }],
      slackSealed: null,
      alertRule: null,
    });
  const common = () => ({ database: url, platform: inject("platformUrl"), smtp: sink.url });
  const sent = (name: string) => sink.messages.filter((m) => m.subject === name).length;

  it("sends each schedule's slot once when two processes run the worker at once", async () => {
    const names = Array.from({ length: 6 }, (_, i) => `Replicas ${i}`);
    const created = await Promise.all(names.map(schedule));
    const at = String(new Date(created[0].next_run_at).getTime() + 1_000);
    const [a, b] = [worker({ ...common(), at }), worker({ ...common(), at })];
    const ran = (await Promise.all([a.lines, b.lines])).map(
      (lines) => (JSON.parse(lines.at(-1)!) as { ran: number }).ran,
    );
    expect(ran[0] + ran[1]).toBe(6);
    await Promise.all(names.map((name) => sink.waitFor((m) => m.subject === name)));
    expect(names.map(sent)).toEqual([1, 1, 1, 1, 1, 1]);
  }, 120_000);

  it("loses no run when a process is killed with SIGKILL between the slot and the sending, and sends it once", async () => {
    const created = await schedule("Killed");
    const slot = new Date(created.next_run_at).getTime();
    const holder = worker({ ...common(), at: String(slot + 1_000), hold: true });
    expect(JSON.parse(await holder.firstLine)).toMatchObject({ claimed: expect.any(String) });
    holder.child.kill("SIGKILL");
    await holder.lines;
    // Within the lease, another process leaves the run alone: its holder might still be sending.
    const early = worker({ ...common(), at: String(slot + 2_000), passes: "1" });
    expect(JSON.parse((await early.lines).at(-1)!)).toEqual({ ran: 0 });
    expect(sent("Killed")).toBe(0);
    const back = worker({ ...common(), at: String(slot + LEASE_MS + 2_000) });
    expect(JSON.parse((await back.lines).at(-1)!)).toEqual({ ran: 1 });
    await sink.waitFor((m) => m.subject === "Killed");
    expect(sent("Killed")).toBe(1);
  }, 120_000);

  it("runs a slot missed while every process was down once when one is back, not once per missed day", async () => {
    const created = await schedule("Missed");
    await database.db.deleteFrom("report_schedules").where("name", "!=", "Missed").execute();
    const threeDaysLate = new Date(created.next_run_at).getTime() + 3 * 24 * 3_600_000;
    const back = worker({ ...common(), at: String(threeDaysLate) });
    expect(JSON.parse((await back.lines).at(-1)!)).toEqual({ ran: 1 });
    await sink.waitFor((m) => m.subject === "Missed");
    expect(sent("Missed")).toBe(1);
  }, 120_000);
});
