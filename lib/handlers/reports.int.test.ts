import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dashboardCall, ORIGIN, SECRET, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { outboundAgent } from "../http/outboundAgent";
import { unsubscribeToken } from "../reports/unsubscribeToken";
import { buildReports, type Reports } from "../reports/reports";
import { createReportRoute, listReportsRoute, subscriptionRoute, unsubscribeRoute, updateReportRoute } from "./reports";

/** Who may create what: viewers subscribe but send nothing elsewhere; outside addresses are the owner's; webhooks obey the address policy. */
describe.each(BACKENDS.slice(0, 1))("reports' routes on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let reports: Reports;
  const cookies: Record<"owner" | "member" | "viewer", string> = { owner: "", member: "", viewer: "" };

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    for (const role of ["owner", "member", "viewer"] as const)
      cookies[role] = (await t.person(`${role}@example.com`, { acme: role })).cookie;
    reports = buildReports(t.app, {
      mailer: null,
      secret: SECRET,
      publicUrl: ORIGIN,
      dispatcher: outboundAgent(t.app.addresses),
    });
  }, 60_000);
  afterAll(() => database?.close());

  const report = (extra: Record<string, unknown> = {}) => ({
    kind: "report",
    name: "Weekly",
    viewQuery: "?interval=7d",
    cadence: { frequency: "weekly", weekday: 1, hour: 9, timezone: "Europe/Berlin" },
    recipients: [],
    slackUrl: "https://hooks.slack.example/services/x",
    ...extra,
  });
  const create = (who: keyof typeof cookies, body: unknown) =>
    createReportRoute(
      t.app,
      reports,
      dashboardCall("/api/w/acme/reports", { cookie: cookies[who], method: "POST", body }),
      "acme",
    );
  const message = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message;

  it("refuses a viewer's report, and a member's to an outside address; an owner's goes through", async () => {
    const viewer = await create("viewer", report());
    expect(viewer.status).toBe(403);
    expect(await message(viewer)).toBe("Your role (viewer) may not save views.");
    const outside = report({ recipients: [{ kind: "email", address: "someone@outside.example" }] });
    const member = await create("member", outside);
    expect(member.status).toBe(403);
    expect(await message(member)).toMatch(/Only an owner may send reports to addresses outside/);
    expect((await create("owner", outside)).status).toBe(201);
  });

  it("refuses an internal webhook URL, a bad time zone and an alert without a rule, each saying why", async () => {
    const internal = await create("member", report({ slackUrl: "http://10.0.0.5/hook" }));
    expect(internal.status).toBe(422);
    expect(await message(internal)).toMatch(/^The Slack webhook URL is refused: 10\.0\.0\.5 is a private/);
    const zone = await create("member", report({ cadence: { frequency: "daily", hour: 9, timezone: "Mars/Base" } }));
    expect(zone.status).toBe(422);
    expect(await message(zone)).toContain('"Mars/Base" is not an IANA time zone');
    const alert = await create("member", report({ kind: "alert", cadence: { frequency: "every", minutes: 15 } }));
    expect(alert.status).toBe(422);
    expect(await message(alert)).toBe('An alert needs "alertRule".');
  });

  it("lets a viewer see a report and subscribe themselves, without seeing others' addresses or the webhook", async () => {
    const made = (await (
      await create(
        "owner",
        report({ name: "For all", recipients: [{ kind: "email", address: "boss@outside.example" }] }),
      )
    ).json()) as { schedule: { id: string } };
    const listed = (await (
      await listReportsRoute(t.app, reports, dashboardCall("/api/w/acme/reports", { cookie: cookies.viewer }), "acme")
    ).json()) as { schedules: Record<string, unknown>[] };
    const seen = listed.schedules.find((s) => s.id === made.schedule.id)!;
    expect(JSON.stringify(seen)).not.toContain("boss@outside.example");
    expect(JSON.stringify(seen)).not.toContain("hooks.slack.example");
    expect(seen.slack).toBe(true);
    const subscribed = await subscriptionRoute(
      t.app,
      reports,
      dashboardCall("/", { cookie: cookies.viewer, method: "POST", body: { subscribed: true } }),
      "acme",
      made.schedule.id,
    );
    expect(subscribed.status).toBe(200);
    expect(
      ((await subscribed.json()) as { schedule: { subscribed: boolean; recipientCount: number } }).schedule,
    ).toMatchObject({ subscribed: true, recipientCount: 2 });
    // The viewer may not change the report itself.
    const paused = await updateReportRoute(
      t.app,
      reports,
      dashboardCall("/", { cookie: cookies.viewer, method: "PATCH", body: { paused: true } }),
      "acme",
      made.schedule.id,
    );
    expect(paused.status).toBe(403);
  });

  it("unsubscribes through the signed link without a session, and refuses an altered one", async () => {
    const made = (await (
      await create(
        "owner",
        report({ name: "Unsub", recipients: [{ kind: "email", address: "reader@outside.example" }] }),
      )
    ).json()) as { schedule: { id: string } };
    const token = unsubscribeToken(SECRET, made.schedule.id, "reader@outside.example");
    const forged = await unsubscribeRoute(
      reports,
      new Request(`${ORIGIN}/api/unsubscribe/x`, { method: "POST" }),
      token.replace(/\.[^.]+$/, ".forged"),
    );
    expect(forged.status).toBe(404);
    const done = await unsubscribeRoute(
      reports,
      new Request(`${ORIGIN}/api/unsubscribe/x`, { method: "POST", headers: { accept: "text/html" } }),
      token,
    );
    expect(done.status).toBe(303);
    expect([...(await reports.schedules.unsubscribed(made.schedule.id))]).toEqual(["reader@outside.example"]);
  });
});
