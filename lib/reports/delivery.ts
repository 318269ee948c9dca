import "server-only";
import { fetch, type Dispatcher } from "undici";
import { allows } from "../access/access";
import type { Role } from "../access/roles";
import type { App } from "../dashboard/dashboardApp";
import { ORDER_METRIC, type Metric } from "../contract/analytics";
import type { Disclosure } from "../upstream/privacy";
import type { Mailer } from "../mail/mailer";
import { DASHBOARD_KEYS } from "../url/keys";
import { viewOfSearch } from "../queries/viewOfSearch";
import { describeCadence } from "./cadence";
import { reportContent, type ReportContent, type ReportLoad } from "./content";
import type { ClaimedRun, JobQueue } from "./jobQueue";
import { unsubscribeToken } from "./unsubscribeToken";
import { reportHtml, reportText, slackPayload, type Framing } from "./render";
import { alertStep, breaks, describeRule, METRIC_NAMES } from "./rules";
import type { Schedule, ScheduleStore } from "./scheduleStore";
import { seriesPng } from "./seriesPng";

const INTERNAL_ORIGIN = "http://linklens.internal";
const MINUTE = 60_000;
const SHARE_DAYS = 35;
const CHART_CID = "series@linklens";

export interface DeliveryParts {
  app: App;
  queue: JobQueue;
  schedules: ScheduleStore;
  /** Null: SMTP_URL is not set; a report with email recipients fails saying so. */
  mailer: Mailer | null;
  /** Signs unsubscribe links (LINKLENS_SECRET). */
  secret: string;
  /** Where links in messages point (PUBLIC_URL). */
  publicUrl: string;
  /** The dashboard's one outgoing dispatcher (lib/server/proxyParts.ts): webhooks are checked at connect time too. */
  dispatcher: Dispatcher;
}

/** One person a message goes to: their address, and their role in the workspace (null: an outside address). */
interface Addressee {
  address: string;
  role: Role | null;
}

const seesEmails = (role: Role | null) =>
  role !== null && allows({ kind: "member", workspaceId: "", role, userId: null }, "seeEmails");

/** Who a schedule's run goes to, without those who unsubscribed; a preview goes to the one who asked. */
async function addressees(parts: DeliveryParts, claimed: ClaimedRun): Promise<Addressee[]> {
  const { app } = parts;
  const { schedule, run } = claimed;
  const members = await app.members.list(schedule.workspace_id);
  const roleOf = (address: string) =>
    members.find((m) => m.email.toLowerCase() === address.toLowerCase())?.role ?? null;
  if (run.preview_to) return [{ address: run.preview_to, role: roleOf(run.preview_to) }];
  const out = new Map<string, Addressee>();
  for (const recipient of schedule.recipients) {
    if (recipient.kind === "member") {
      const member = members.find((m) => m.userId === recipient.userId);
      if (member) out.set(member.email.toLowerCase(), { address: member.email.toLowerCase(), role: member.role });
    } else {
      out.set(recipient.address, { address: recipient.address, role: roleOf(recipient.address) });
    }
  }
  const unsubscribed = await parts.schedules.unsubscribed(schedule.id);
  return [...out.values()].filter((a) => !unsubscribed.has(a.address));
}

/** The view's analytics through its workspace's proxy, as `disclosure` allows (the cache, rate budget and redaction the dashboard's requests get). */
async function loaderFor(parts: DeliveryParts, schedule: Schedule, disclosure: Disclosure): Promise<ReportLoad> {
  const target = await parts.app.registry.byId(schedule.workspace_id);
  if (!target) throw new Error("The schedule's workspace no longer exists.");
  return async (params, priority) => {
    const request = new Request(`${INTERNAL_ORIGIN}/api/analytics?${params}`, {
      headers: { accept: "application/json", "X-Linklens-Priority": String(priority) },
    });
    const response = await target.proxy.forward("analytics", request, disclosure);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (body as { error?: { message?: string } } | null)?.error?.message ?? `status ${response.status}`;
      throw new Error(`The platform did not answer the report's figures: ${message}`);
    }
    return body;
  };
}

/** The view's query with the schedule's zone when it names none (a report is read where it was scheduled). */
function viewSearch(schedule: Schedule): URLSearchParams {
  const search = new URLSearchParams(schedule.view_query.replace(/^\?/, ""));
  if (!search.get("timezone"))
    search.set("timezone", "timezone" in schedule.cadence ? schedule.cadence.timezone : "UTC");
  return search;
}

/** The metric the view's chart draws: the URL's, else its kind's. */
function chartMetric(search: URLSearchParams): Metric {
  const chosen = search.get("metric");
  return (chosen ? DASHBOARD_KEYS.metric.parse(chosen) : null) ?? ORDER_METRIC[viewOfSearch(search).view.event];
}

async function postToSlack(parts: DeliveryParts, schedule: Schedule, payload: unknown): Promise<void> {
  if (!schedule.slack_sealed) return;
  if (!parts.app.keys) throw new Error("Slack needs LINKLENS_SECRET to open its webhook URL.");
  const url = new URL(parts.app.keys.open(schedule.slack_sealed));
  const refusal = await parts.app.addresses.refusal(url);
  if (refusal) throw new Error(`The Slack webhook URL is refused: ${refusal}`);
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
    dispatcher: parts.dispatcher,
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new Error(`Slack answered ${response.status}${text ? `: ${text.slice(0, 120)}` : ""}.`);
}

interface Message {
  title: string;
  subtitle: string;
}

/**
 * Sends `message` with the view's content to every addressee (each their own mail, link and
 * unsubscribe link; figures as their role may see them) and to the schedule's Slack webhook.
 * Returns what it did, for the run's history.
 */
async function sendAll(
  parts: DeliveryParts,
  claimed: ClaimedRun,
  message: Message,
  contentFor: (disclosure: Disclosure) => Promise<ReportContent>,
): Promise<string> {
  const { app, publicUrl } = parts;
  const { schedule, run } = claimed;
  const workspace = await app.workspaces.byId(schedule.workspace_id);
  if (!workspace) throw new Error("The schedule's workspace no longer exists.");
  const search = viewSearch(schedule);
  const timeZone = search.get("timezone") ?? "UTC";
  const viewUrl = `${publicUrl}/w/${encodeURIComponent(workspace.slug)}?${search.toString()}`;
  const people = await addressees(parts, claimed);
  const contents = new Map<boolean, Promise<ReportContent>>();
  const content = (hideEmails: boolean) => {
    if (!contents.has(hideEmails)) contents.set(hideEmails, contentFor({ revealIps: false, hideEmails }));
    return contents.get(hideEmails)!;
  };
  const done: string[] = [];
  if (people.length > 0) {
    if (!parts.mailer) throw new Error("Email is not configured: set SMTP_URL (and MAIL_FROM).");
    let shareUrl: string | null = null;
    for (const person of people) {
      const full = seesEmails(person.role);
      const body = await content(!full);
      if (person.role === null && shareUrl === null) {
        const { token } = await app.shares.create(workspace.id, schedule.created_by, {
          name: `Report: ${schedule.name}`.slice(0, 100),
          query: `?${search.toString()}`,
          passwordHash: null,
          expiresAt: new Date(app.clock.now() + SHARE_DAYS * 24 * 60 * MINUTE),
          allowExport: false,
        });
        shareUrl = `${publicUrl}/s/${token}`;
      }
      const unsubscribeUrl = run.preview_to
        ? null
        : `${publicUrl}/unsubscribe/${unsubscribeToken(parts.secret, schedule.id, person.address)}`;
      const framing: Framing = {
        ...message,
        timeZone,
        viewUrl: person.role === null ? shareUrl! : viewUrl,
        unsubscribeUrl,
        chartCid: CHART_CID,
      };
      const metric = chartMetric(search);
      await parts.mailer.send({
        to: [person.address],
        subject: message.title,
        text: reportText(body, framing),
        html: reportHtml(body, framing),
        inline: [
          {
            cid: CHART_CID,
            filename: "series.png",
            contentType: "image/png",
            content: seriesPng(body.series.map((row) => row[metric])),
          },
        ],
        headers: unsubscribeUrl
          ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
          : undefined,
      });
      done.push(`mail to ${person.address}`);
    }
  }
  if (schedule.slack_sealed && !run.preview_to) {
    // A channel is outside the workspace: no emails, and the dashboard's link (members sign in).
    await postToSlack(
      parts,
      schedule,
      slackPayload(await content(true), { ...message, timeZone, viewUrl, unsubscribeUrl: null, chartCid: CHART_CID }),
    );
    done.push("Slack");
  }
  return done.length > 0 ? `Sent: ${done.join(", ")}.` : "Nobody to send to.";
}

/** Runs one claimed run to its end: sent, skipped, or failed with its reason (the queue retries and pauses). */
export async function deliver(parts: DeliveryParts, claimed: ClaimedRun): Promise<void> {
  const { schedule, run } = claimed;
  const now = new Date(Math.floor(new Date(run.slot).getTime() / MINUTE) * MINUTE);
  const search = viewSearch(schedule);
  const contentFor = async (disclosure: Disclosure) =>
    reportContent(search, now, await loaderFor(parts, schedule, disclosure));
  try {
    if (schedule.kind === "report" || run.preview_to) {
      const subtitle =
        schedule.kind === "report"
          ? describeCadence(schedule.cadence)
          : `Preview · ${schedule.alert_rule ? describeRule(schedule.alert_rule) : ""}`;
      const summary = await sendAll(parts, claimed, { title: schedule.name, subtitle }, contentFor);
      await parts.queue.succeeded(claimed, "sent", summary);
      return;
    }
    const rule = schedule.alert_rule;
    if (!rule) throw new Error("The alert has no rule.");
    const figures = await contentFor({ revealIps: false, hideEmails: true });
    const breaking = breaks(rule, figures.current, figures.previous);
    const firedAt = schedule.alert_changed_at ? new Date(schedule.alert_changed_at).getTime() : null;
    const step = alertStep(schedule.alert_state, firedAt, breaking, now.getTime(), rule);
    const value = `${METRIC_NAMES[rule.metric]}: ${figures.current[rule.metric]}`;
    if (!step.notify) {
      await parts.queue.setAlertState(schedule.id, step.state, step.changedAt);
      await parts.queue.succeeded(
        claimed,
        "skipped",
        `Checked (${step.state === "firing" ? "still firing" : "normal"}). ${value}.`,
      );
      return;
    }
    const title = step.notify === "fired" ? `Alert: ${schedule.name}` : `Back to normal: ${schedule.name}`;
    const summary = await sendAll(
      parts,
      claimed,
      { title, subtitle: `${describeRule(rule)} · ${value}` },
      async (disclosure) => (disclosure.hideEmails ? figures : contentFor(disclosure)),
    );
    await parts.queue.setAlertState(schedule.id, step.state, step.changedAt);
    await parts.queue.succeeded(
      claimed,
      "sent",
      `${step.notify === "fired" ? "Fired" : "Recovered"}. ${value}. ${summary}`,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`linklens: ${schedule.kind} "${schedule.name}" (${schedule.id}) failed: ${reason}`);
    await parts.queue.failed(claimed, reason);
  }
}
