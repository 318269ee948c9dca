import "server-only";
import type { App } from "../dashboard/dashboardApp";
import { mailerFromEnvironment } from "../mail/mailer";
import { buildReports, type Reports } from "../reports/reports";
import { dashboardApp } from "./dashboardRoot";
import { proxyParts } from "./proxyParts";

const holder = globalThis as typeof globalThis & { __linklensReports?: Promise<Reports | null> };

/**
 * Reports and alerts of this process, built once: mail through SMTP_URL, links to PUBLIC_URL,
 * unsubscribe links and Slack URLs sealed with LINKLENS_SECRET, webhooks through the dashboard's
 * one outgoing dispatcher. Null without sign-in (no secret to sign links with).
 */
export function dashboardReports(): Promise<Reports | null> {
  holder.__linklensReports ??= dashboardApp().then((app: App) => {
    if (!app.signIn) return null;
    return buildReports(app, {
      mailer: mailerFromEnvironment(process.env),
      secret: app.signIn.secret,
      publicUrl: app.signIn.publicUrl,
      dispatcher: proxyParts().dispatcher,
    });
  });
  return holder.__linklensReports;
}

/** At start: every replica runs the reports' worker (each slot is still sent once: lib/reports/jobQueue.ts). */
export async function startReports(): Promise<void> {
  const reports = await dashboardReports();
  reports?.runner.start();
}
