import "server-only";
import { allows } from "../access/access";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import type { ReportRun } from "../db/schema";
import type { Granted } from "../guard/accessFor";
import { guarded } from "./guarded";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { json, refusal, refuse } from "../guard/refusal";
import { cadenceSchema, describeCadence } from "../reports/cadence";
import { readUnsubscribeToken } from "../reports/unsubscribeToken";
import type { Reports } from "../reports/reports";
import { alertRuleSchema, describeRule, recipientsSchema, type Recipient } from "../reports/rules";
import type { Schedule } from "../reports/scheduleStore";
import { name, readBody, viewQuery } from "./body";

const slackUrl = z.nullable(z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)));

const createBody = z.object({
  kind: z.enum(["report", "alert"]),
  name,
  viewQuery,
  cadence: cadenceSchema,
  recipients: recipientsSchema,
  slackUrl: z.optional(slackUrl),
  alertRule: z.optional(z.nullable(alertRuleSchema)),
});

const updateBody = z.object({
  name: z.optional(name),
  cadence: z.optional(cadenceSchema),
  recipients: z.optional(recipientsSchema),
  slackUrl: z.optional(slackUrl),
  alertRule: z.optional(z.nullable(alertRuleSchema)),
  paused: z.optional(z.boolean()),
});

const NEEDS_SIGN_IN =
  "Reports and alerts need sign-in (LINKLENS_SECRET), which signs their unsubscribe links and seals Slack URLs.";

function runJson(run: ReportRun) {
  return {
    id: run.id,
    slot: new Date(run.slot).toISOString(),
    status: run.status,
    attempts: run.attempts,
    preview: run.preview_to !== null,
    summary: run.summary,
    error: run.error,
    finishedAt: run.finished_at ? new Date(run.finished_at).toISOString() : null,
  };
}

/** A schedule as the requester may see it: never the Slack URL (it is a secret); recipients' addresses only to members who see emails. */
async function scheduleJson(app: App, reports: Reports, schedule: Schedule, granted: Granted) {
  const userId = granted.access.kind === "member" ? granted.access.userId : null;
  const seesAddresses = allows(granted.access, "seeEmails");
  const members = await app.members.list(schedule.workspace_id);
  return {
    id: schedule.id,
    kind: schedule.kind,
    name: schedule.name,
    viewQuery: schedule.view_query,
    cadence: schedule.cadence,
    when: describeCadence(schedule.cadence),
    rule: schedule.alert_rule,
    ruleText: schedule.alert_rule ? describeRule(schedule.alert_rule) : null,
    alertState: schedule.alert_state,
    recipients: seesAddresses
      ? schedule.recipients.map((r) =>
          r.kind === "member"
            ? {
                kind: r.kind,
                userId: r.userId,
                label: members.find((m) => m.userId === r.userId)?.email ?? "a former member",
              }
            : { kind: r.kind, address: r.address, label: r.address },
        )
      : schedule.recipients
          .filter((r) => r.kind === "member" && r.userId === userId)
          .map((r) => ({ kind: r.kind, userId: (r as { userId: string }).userId, label: "you" })),
    recipientCount: schedule.recipients.length,
    subscribed: schedule.recipients.some((r) => r.kind === "member" && r.userId === userId),
    slack: schedule.slack_sealed !== null,
    paused: schedule.paused,
    pausedReason: schedule.paused_reason,
    lastError: schedule.last_error,
    nextRunAt: new Date(schedule.next_run_at).toISOString(),
    mine: schedule.created_by === userId,
    history: (await reports.schedules.history(schedule.id, 10)).map(runJson),
  };
}

/** A reports handler guarded by `action` (see ./guarded.ts): `run` gets what was granted and the reports, which need sign-in (404 without). */
function guardedReports<Rest extends unknown[]>(
  action: "read" | "saveViews",
  run: (granted: Granted, reports: Reports, app: App, request: Request, ...rest: Rest) => Promise<Response>,
) {
  const handler = guarded(
    action,
    async (granted, app, request, reports: Reports | null, ...rest: Rest): Promise<Response> => {
      if (!reports) throw refusal("not_found", NEEDS_SIGN_IN);
      return run(granted, reports, app, request, ...rest);
    },
  );
  return (app: App, reports: Reports | null, request: Request, slug: string, ...rest: Rest): Promise<Response> =>
    handler(app, request, slug, reports, ...rest);
}

/** Outside addresses and webhooks send data out of the workspace: outside addresses are the owner's to allow; webhook URLs obey the address policy. */
async function refusedTargets(
  app: App,
  granted: Granted,
  recipients: readonly Recipient[] | undefined,
  slack: string | null | undefined,
): Promise<Response | null> {
  if (recipients?.some((r) => r.kind === "email") && !allows(granted.access, "manageWorkspace")) {
    return refuse(
      "forbidden",
      "Only an owner may send reports to addresses outside the workspace; add members instead.",
    );
  }
  if (recipients) {
    const members = await app.members.list(granted.target.workspace.id);
    const stranger = recipients.find((r) => r.kind === "member" && !members.some((m) => m.userId === r.userId));
    if (stranger) return refuse("unprocessable_entity", "A recipient is not a member of this workspace.");
  }
  if (slack) {
    const refusal = await app.addresses.refusal(new URL(slack));
    if (refusal) return refuse("unprocessable_entity", `The Slack webhook URL is refused: ${refusal}`);
    if (!app.keys) return refuse("unprocessable_entity", NEEDS_SIGN_IN);
  }
  return null;
}

/** GET /api/w/<slug>/reports: the workspace's reports and alerts, with their recent runs. Viewers see them too (to subscribe). */
export const listReportsRoute = guardedReports("read", async (granted, reports, app): Promise<Response> => {
  const all = await reports.schedules.list(granted.target.workspace.id);
  return json({ schedules: await Promise.all(all.map((s) => scheduleJson(app, reports, s, granted))) });
});

/** POST /api/w/<slug>/reports: a report or alert on a view. Members and owners: viewers may not send data elsewhere. */
export const createReportRoute = guardedReports(
  "saveViews",
  async (granted, reports, app, request): Promise<Response> => {
    const body = await readBody(request, createBody);
    if (body.kind === "alert" && !body.alertRule) return refuse("unprocessable_entity", 'An alert needs "alertRule".');
    if (body.kind === "report" && body.cadence.frequency === "every")
      return refuse("unprocessable_entity", "A report runs daily, weekly or monthly.");
    if (body.recipients.length === 0 && !body.slackUrl)
      return refuse("unprocessable_entity", "Add a recipient or a Slack webhook.");
    const refused = await refusedTargets(app, granted, body.recipients, body.slackUrl);
    if (refused) return refused;
    const userId = granted.access.kind === "member" ? (granted.access.userId ?? "local") : "local";
    const schedule = await reports.schedules.create(granted.target.workspace.id, userId, {
      kind: body.kind,
      name: body.name,
      viewQuery: body.viewQuery,
      cadence: body.cadence,
      recipients: body.recipients,
      slackSealed: body.slackUrl && app.keys ? app.keys.seal(body.slackUrl) : null,
      alertRule: body.kind === "alert" ? (body.alertRule ?? null) : null,
    });
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      "report.created",
      `${schedule.kind} ${schedule.name}`,
    );
    return json({ schedule: await scheduleJson(app, reports, schedule, granted) }, 201);
  },
);

/** The schedule, when the requester may change it: their own, or any for an owner; else it throws the refusal. */
async function changeable(reports: Reports, granted: Granted, id: string): Promise<Schedule> {
  const schedule = await reports.schedules.byId(id);
  if (!schedule || schedule.workspace_id !== granted.target.workspace.id)
    throw refusal("not_found", "There is no such report or alert.");
  const userId = granted.access.kind === "member" ? granted.access.userId : null;
  if (schedule.created_by !== (userId ?? "local") && !allows(granted.access, "curateViews"))
    throw refusal("forbidden", "Only its creator or an owner may change this report.");
  return schedule;
}

/** PATCH /api/w/<slug>/reports/<id>: rename, reschedule, change recipients or the rule, pause or resume. */
export const updateReportRoute = guardedReports(
  "saveViews",
  async (granted, reports, app, request, id: string): Promise<Response> => {
    const body = await readBody(request, updateBody);
    const schedule = await changeable(reports, granted, id);
    const refused = await refusedTargets(
      app,
      granted,
      body.recipients?.filter((r) => !schedule.recipients.some((old) => JSON.stringify(old) === JSON.stringify(r))),
      body.slackUrl,
    );
    if (refused) return refused;
    const updated = await reports.schedules.update(id, {
      name: body.name,
      cadence: body.cadence,
      recipients: body.recipients,
      alertRule: schedule.kind === "alert" ? (body.alertRule ?? undefined) : undefined,
      slackSealed:
        body.slackUrl === undefined ? undefined : body.slackUrl && app.keys ? app.keys.seal(body.slackUrl) : null,
      paused: body.paused,
    });
    if (updated)
      await recordAudit(
        app,
        request,
        actorOf(granted.requester),
        granted.target.workspace.id,
        "report.updated",
        body.paused === undefined ? schedule.name : `${schedule.name}: ${body.paused ? "paused" : "resumed"}`,
      );
    return updated
      ? json({ schedule: await scheduleJson(app, reports, updated, granted) })
      : refuse("not_found", "There is no such report or alert.");
  },
);

/** DELETE /api/w/<slug>/reports/<id>. */
export const deleteReportRoute = guardedReports(
  "saveViews",
  async (granted, reports, app, request, id: string): Promise<Response> => {
    const schedule = await changeable(reports, granted, id);
    await reports.schedules.remove(id);
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      "report.deleted",
      schedule.name,
    );
    return new Response(null, { status: 204 });
  },
);

/** POST /api/w/<slug>/reports/<id>/send: "Send now", a preview to the requester's own address, sent before answering. */
export const sendNowRoute = guardedReports(
  "saveViews",
  async (granted, reports, app, request, id: string): Promise<Response> => {
    const schedule = await reports.schedules.byId(id);
    if (!schedule || schedule.workspace_id !== granted.target.workspace.id)
      return refuse("not_found", "There is no such report or alert.");
    if (granted.requester.kind !== "person")
      return refuse("unprocessable_entity", "A preview goes to your own address: sign in to send one.");
    const runId = await reports.queue.enqueuePreview(schedule.id, granted.requester.person.email);
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      "report.previewed",
      schedule.name,
    );
    await reports.runner.tick();
    const run = (await reports.schedules.history(schedule.id, 20)).find((r) => r.id === runId);
    return json({ run: run ? runJson(run) : null });
  },
);

const subscriptionBody = z.object({ subscribed: z.boolean() });

/** POST /api/w/<slug>/reports/<id>/subscription: any member (viewers too) subscribes or unsubscribes themselves. */
export const subscriptionRoute = guardedReports(
  "read",
  async (granted, reports, app, request, id: string): Promise<Response> => {
    const body = await readBody(request, subscriptionBody);
    const schedule = await reports.schedules.byId(id);
    if (!schedule || schedule.workspace_id !== granted.target.workspace.id)
      return refuse("not_found", "There is no such report or alert.");
    if (granted.requester.kind !== "person") return refuse("unprocessable_entity", "Sign in to subscribe.");
    const { person } = granted.requester;
    const others = schedule.recipients.filter((r) => !(r.kind === "member" && r.userId === person.id));
    const updated = await reports.schedules.update(id, {
      recipients: body.subscribed ? [...others, { kind: "member", userId: person.id }] : others,
    });
    if (body.subscribed) await reports.schedules.resubscribe(id, person.email);
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      body.subscribed ? "report.subscribed" : "report.unsubscribed",
      schedule.name,
    );
    return json({ schedule: updated ? await scheduleJson(app, reports, updated, granted) : null });
  },
);

/** POST /api/unsubscribe/<token>: the mail's unsubscribe link (and mail clients' one-click), no sign-in: the token is signed. */
export async function unsubscribeRoute(reports: Reports | null, request: Request, token: string): Promise<Response> {
  if (!reports) return refuse("not_found", NEEDS_SIGN_IN);
  const named = readUnsubscribeToken(reports.parts.secret, token);
  if (!named) return refuse("not_found", "This unsubscribe link is not valid.");
  const schedule = await reports.schedules.byId(named.scheduleId);
  if (schedule) await reports.schedules.unsubscribe(schedule.id, named.address);
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("text/html"))
    return new Response(null, {
      status: 303,
      headers: { location: `/unsubscribe/${encodeURIComponent(token)}?done=1` },
    });
  return json({ unsubscribed: true, report: schedule?.name ?? null });
}
