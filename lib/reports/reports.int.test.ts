import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dashboardCall, ORIGIN, SECRET, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { analyticsRoute } from "../handlers/data";
import { outboundAgent } from "../http/outboundAgent";
import { createMailer } from "../mail/mailer";
import { startSmtpSink, type SmtpSink } from "../mail/testing/smtpSink";
import { formatMoney } from "../format/money";
import { formatNumber } from "../format/number";
import type { Metrics } from "../contract/analytics";
import { nextSlot } from "./cadence";
import { readUnsubscribeToken } from "./unsubscribeToken";
import { buildReports, type Reports } from "./reports";

const VIEW = "?interval=30d&timezone=UTC&report=partners";
const WEEKLY = { frequency: "weekly", weekday: 1, hour: 9, timezone: "Europe/Berlin" } as const;

/** A Slack-compatible receiver on loopback: it keeps every JSON body posted to it. */
async function slackReceiver() {
  const bodies: unknown[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let data = "";
    request.on("data", (chunk: Buffer) => (data += chunk.toString()));
    request.on("end", () => {
      bodies.push(JSON.parse(data));
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T000/B000/XXXX`;
  return { url, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(BACKENDS.slice(0, 1))("scheduled reports on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let sink: SmtpSink;
  let reports: Reports;
  let owner: { userId: string; cookie: string };
  let viewer: { userId: string; cookie: string };
  let slack: Awaited<ReturnType<typeof slackReceiver>>;
  let workspaceId: string;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"), { allowedHosts: "127.0.0.1" });
    owner = await t.person("owner@example.com", { acme: "owner" });
    viewer = await t.person("viewer@example.com", { acme: "viewer" });
    sink = await startSmtpSink();
    slack = await slackReceiver();
    reports = buildReports(t.app, {
      mailer: createMailer(sink.url, "Linklens <reports@example.com>"),
      secret: SECRET,
      publicUrl: ORIGIN,
      dispatcher: outboundAgent(t.app.addresses),
    });
    workspaceId = (await t.app.workspaces.bySlug("acme"))!.id;
  }, 60_000);
  afterAll(async () => {
    await sink?.close();
    await slack?.close();
    await database?.close();
  });

  const dashboardTotals = async (): Promise<Metrics> => {
    const response = await analyticsRoute(
      t.app,
      dashboardCall(`/api/w/acme/analytics?event=composite&groupBy=count&interval=30d&timezone=UTC`, {
        cookie: owner.cookie,
      }),
      { kind: "workspace", slug: "acme" },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Metrics;
  };

  /** Moves the clock to the schedule's slot and runs the worker once. */
  const runSlot = async (slot: number) => {
    t.clock.advance(Math.max(0, slot - t.clock.now()) + 1_000);
    return reports.runner.tick();
  };

  it("mails a weekly partner report at its slot, once, with the dashboard's figures, the series as a PNG, and links that work", async () => {
    const schedule = await reports.schedules.create(workspaceId, owner.userId, {
      kind: "report",
      name: "Partners this month",
      viewQuery: VIEW,
      cadence: WEEKLY,
      recipients: [
        { kind: "member", userId: owner.userId },
        { kind: "member", userId: viewer.userId },
        { kind: "email", address: "partner.manager@outside.example" },
      ],
      slackSealed: t.app.keys!.seal(slack.url),
      alertRule: null,
    });
    expect(new Date(schedule.next_run_at).getTime()).toBe(nextSlot(WEEKLY, t.clock.now()));
    expect(await reports.runner.tick()).toBe(0);

    expect(await runSlot(new Date(schedule.next_run_at).getTime())).toBe(1);
    // A second pass (another replica, or this one again) finds nothing left to send.
    expect(await reports.runner.tick()).toBe(0);
    const mails = sink.messages.filter((m) => m.subject === "Partners this month");
    expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual([
      "owner@example.com",
      "partner.manager@outside.example",
      "viewer@example.com",
    ]);

    const totals = await dashboardTotals();
    const ownerMail = mails.find((m) => (m.to as { text: string }).text === "owner@example.com")!;
    expect(ownerMail.text).toContain(`Clicks: ${formatNumber(totals.clicks)}`);
    expect(ownerMail.text).toContain(`Sales: ${formatNumber(totals.sales)}`);
    expect(ownerMail.text).toContain(`Revenue: ${formatMoney(totals.saleAmount, "usd")}`);
    expect(ownerMail.text).toContain("Partners (revenue: new / recurring)");
    expect(ownerMail.html).toContain('src="cid:series@linklens"');
    const image = ownerMail.attachments.find(
      (a) => a.contentId === "<series@linklens>" || a.cid === "series@linklens",
    )!;
    expect(image.contentType).toBe("image/png");
    expect(PNG.sync.read(image.content).width).toBe(600);

    // Members' links open the dashboard view; an outside address gets a share link locked to the view.
    expect(ownerMail.text).toContain(`Open in Linklens: ${ORIGIN}/w/acme?interval=30d&timezone=UTC&report=partners`);
    const outside = mails.find((m) => (m.to as { text: string }).text === "partner.manager@outside.example")!;
    const shareToken = /\/s\/([\w-]+)/.exec(outside.text ?? "")![1];
    const found = await t.app.shares.find(shareToken);
    expect(found.ok && found.link.query).toBe("?interval=30d&timezone=UTC&report=partners");

    // No partner's email reaches the viewer or the outside address.
    for (const mail of mails.filter((m) => (m.to as { text: string }).text !== "owner@example.com")) {
      expect(
        (mail.text ?? "").match(/[\w.+-]+@[\w-]+\.[\w.]+/g)?.filter((a) => !a.startsWith("reports@")) ?? [],
      ).toEqual([]);
    }

    // Slack got the incoming-webhook JSON with the same figures.
    expect(slack.bodies).toHaveLength(1);
    const payload = slack.bodies[0] as { text: string; blocks: { type: string }[] };
    expect(payload.text).toContain(`Clicks ${formatNumber(totals.clicks)}`);
    expect(payload.blocks[0]).toMatchObject({ type: "header", text: { text: "Partners this month" } });

    // Unsubscribing (no sign-in: the signed link) drops that address from the next slot.
    const unsubscribe = /Unsubscribe: \S+\/unsubscribe\/(\S+)/.exec(outside.text ?? "")![1];
    const named = readUnsubscribeToken(SECRET, unsubscribe)!;
    expect(named).toEqual({ scheduleId: schedule.id, address: "partner.manager@outside.example" });
    expect(
      readUnsubscribeToken(
        SECRET,
        unsubscribe.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toBeNull();
    await reports.schedules.unsubscribe(named.scheduleId, named.address);
    const next = (await reports.schedules.byId(schedule.id))!;
    const before = sink.messages.length;
    expect(await runSlot(new Date(next.next_run_at).getTime())).toBe(1);
    const second = sink.messages.slice(before).map((m) => (m.to as { text: string }).text);
    expect(second.sort()).toEqual(["owner@example.com", "viewer@example.com"]);
    const history = await reports.schedules.history(schedule.id);
    expect(history.map((r) => r.status)).toEqual(["sent", "sent"]);
    await reports.schedules.remove(schedule.id);
  });

  it("records a failing webhook's reason on the run, retries it, and pauses the schedule after repeated failures", async () => {
    const schedule = await reports.schedules.create(workspaceId, owner.userId, {
      kind: "report",
      name: "To a refused webhook",
      viewQuery: "?interval=7d&timezone=UTC",
      cadence: { frequency: "daily", hour: 6, timezone: "UTC" },
      recipients: [],
      slackSealed: t.app.keys!.seal("http://169.254.169.254/latest/meta-data"),
      alertRule: null,
    });
    let slot = new Date(schedule.next_run_at).getTime();
    for (let run = 0; run < 3; run++) {
      await runSlot(slot);
      // The run is tried again after a wait, three times in all.
      for (let attempt = 1; attempt < 3; attempt++) {
        t.clock.advance(attempt * 5 * 60_000 + 1_000);
        await reports.runner.tick();
      }
      slot = new Date((await reports.schedules.byId(schedule.id))!.next_run_at).getTime();
    }
    const after = (await reports.schedules.byId(schedule.id))!;
    const history = await reports.schedules.history(schedule.id);
    expect(history.map((r) => [r.status, r.attempts])).toEqual([
      ["failed", 3],
      ["failed", 3],
      ["failed", 3],
    ]);
    expect(history[0].error).toMatch(/Slack webhook URL is refused: .*link-local/);
    expect(after.paused).toBe(true);
    expect(after.paused_reason).toMatch(
      /^Paused after 3 failed runs in a row; the last: The Slack webhook URL is refused/,
    );
    await reports.schedules.remove(schedule.id);
  });
});

describe.each(BACKENDS.slice(0, 1))("alerts on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let sink: SmtpSink;
  let reports: Reports;
  let owner: { userId: string; cookie: string };

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    owner = await t.person("marketer@example.com", { acme: "member" });
    sink = await startSmtpSink();
    reports = buildReports(t.app, {
      mailer: createMailer(sink.url, "Linklens <reports@example.com>"),
      secret: SECRET,
      publicUrl: ORIGIN,
      dispatcher: outboundAgent(t.app.addresses),
    });
  }, 60_000);
  afterAll(async () => {
    await sink?.close();
    await database?.close();
  });

  it("fires once per episode, says 'back to normal' once, and is quiet in between", async () => {
    const workspaceId = (await t.app.workspaces.bySlug("acme"))!.id;
    const count = await analyticsRoute(
      t.app,
      dashboardCall(`/api/w/acme/analytics?event=composite&groupBy=count&interval=24h&timezone=UTC`, {
        cookie: owner.cookie,
      }),
      { kind: "workspace", slug: "acme" },
    );
    const clicks = ((await count.json()) as Metrics).clicks;
    const rule = (threshold: number) => ({
      metric: "clicks" as const,
      condition: { kind: "below" as const, threshold },
      cooldownMinutes: 60,
    });
    // Clicks in the last 24 hours are below a threshold above them: the alert breaks.
    const alert = await reports.schedules.create(workspaceId, owner.userId, {
      kind: "alert",
      name: "Clicks dropped",
      viewQuery: "?interval=24h&timezone=UTC",
      cadence: { frequency: "every", minutes: 15 },
      recipients: [{ kind: "member", userId: owner.userId }],
      slackSealed: null,
      alertRule: rule(clicks + 1_000_000),
    });
    const check = async () => {
      const next = new Date((await reports.schedules.byId(alert.id))!.next_run_at).getTime();
      t.clock.advance(Math.max(0, next - t.clock.now()) + 1_000);
      expect(await reports.runner.tick()).toBe(1);
    };
    const mails = () => sink.messages.filter((m) => m.subject?.endsWith("Clicks dropped")).map((m) => m.subject);
    await check();
    await check();
    await check();
    expect(mails()).toEqual(["Alert: Clicks dropped"]);
    await reports.schedules.update(alert.id, { alertRule: rule(0) });
    await check();
    await check();
    expect(mails()).toEqual(["Alert: Clicks dropped", "Back to normal: Clicks dropped"]);
    const history = await reports.schedules.history(alert.id);
    expect(history.map((r) => r.status)).toEqual(["skipped", "sent", "skipped", "skipped", "sent"]);
    expect(history[0].summary).toBe(`Checked (normal). Clicks: ${clicks}.`);
  });
});
