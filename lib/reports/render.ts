import type { Metric } from "../contract/analytics";
import { METRICS } from "../contract/analytics";
import { describeChange } from "../analytics/change";
import { formatRange } from "../format/date";
import { formatMoney } from "../format/money";
import { formatNumber } from "../format/number";
import type { ReportContent } from "./content";
import { METRIC_NAMES } from "./rules";

/** What one message says around the content: its title, what it is, and where its links go. */
export interface Framing {
  title: string;
  /** "Weekly on Monday at 09:00 (Europe/Berlin)", or an alert's rule and state. */
  subtitle: string;
  timeZone: string;
  viewUrl: string;
  unsubscribeUrl: string | null;
  /** The content id the HTML's chart image is attached under. */
  chartCid: string;
}

export function formatMetric(metric: Metric, value: number): string {
  return metric === "saleAmount" ? formatMoney(value, "usd") : formatNumber(value);
}

/** The change as the dashboard's KPI tiles say it ("+12%", "new", "few before"); empty without a previous period. */
function changeText(current: number, previous: number | null): string {
  return previous === null ? "" : describeChange(current, previous).text;
}

export interface FigureLine {
  metric: Metric;
  name: string;
  value: string;
  change: string;
}

export function figureLines(content: ReportContent): FigureLine[] {
  return METRICS.map((metric) => ({
    metric,
    name: METRIC_NAMES[metric],
    value: formatMetric(metric, content.current[metric]),
    change: changeText(content.current[metric], content.previous?.[metric] ?? null),
  }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain-text part: every figure, top row and partner, and the links. */
export function reportText(content: ReportContent, framing: Framing): string {
  const lines = [framing.title, framing.subtitle];
  if (content.range) lines.push(formatRange(content.range, framing.timeZone));
  lines.push("");
  for (const f of figureLines(content))
    lines.push(`${f.name}: ${f.value}${f.change ? ` (${f.change} vs previous period)` : ""}`);
  for (const section of content.breakdowns) {
    if (section.rows.length === 0) continue;
    lines.push("", `${section.title} (${METRIC_NAMES[section.metric]})`);
    for (const row of section.rows) lines.push(`  ${row.label}: ${formatMetric(section.metric, row.value)}`);
  }
  if (content.partners) {
    lines.push("", "Partners (revenue: new / recurring)");
    for (const p of content.partners)
      lines.push(
        `  ${p.name}: ${formatMoney(p.customerAmount, "usd")} / ${formatMoney(p.saleAmount - p.customerAmount, "usd")}`,
      );
  }
  lines.push("", `Open in Linklens: ${framing.viewUrl}`);
  if (framing.unsubscribeUrl) lines.push(`Unsubscribe: ${framing.unsubscribeUrl}`);
  return lines.join("\n");
}

/** The HTML part: the same content, the chart as an inline image (`cid:`), never fetched from the dashboard. */
export function reportHtml(content: ReportContent, framing: Framing): string {
  const cell = "padding:4px 12px 4px 0;text-align:left";
  const figures = figureLines(content)
    .map(
      (f) =>
        `<td style="padding:8px 16px 8px 0"><div style="color:#6b7280;font-size:12px">${f.name}</div><div style="font-size:20px;font-weight:600">${escapeHtml(f.value)}</div><div style="color:#6b7280;font-size:12px">${escapeHtml(f.change)}</div></td>`,
    )
    .join("");
  const sections = content.breakdowns
    .filter((s) => s.rows.length > 0)
    .map(
      (s) =>
        `<h3 style="font-size:14px;margin:16px 0 4px">${escapeHtml(s.title)}</h3><table>${s.rows.map((r) => `<tr><td style="${cell}">${escapeHtml(r.label)}</td><td style="${cell}">${escapeHtml(formatMetric(s.metric, r.value))}</td></tr>`).join("")}</table>`,
    )
    .join("");
  const partners = content.partners
    ? `<h3 style="font-size:14px;margin:16px 0 4px">Partners</h3><table><tr><th style="${cell}">Partner</th><th style="${cell}">New revenue</th><th style="${cell}">Recurring revenue</th></tr>${content.partners
        .map(
          (p) =>
            `<tr><td style="${cell}">${escapeHtml(p.name)}</td><td style="${cell}">${escapeHtml(formatMoney(p.customerAmount, "usd"))}</td><td style="${cell}">${escapeHtml(formatMoney(p.saleAmount - p.customerAmount, "usd"))}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const range = content.range
    ? `<p style="color:#6b7280;margin:0">${escapeHtml(formatRange(content.range, framing.timeZone))}</p>`
    : "";
  const unsubscribe = framing.unsubscribeUrl
    ? ` · <a href="${escapeHtml(framing.unsubscribeUrl)}">Unsubscribe</a>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827">
<h2 style="margin:0">${escapeHtml(framing.title)}</h2><p style="color:#6b7280;margin:4px 0">${escapeHtml(framing.subtitle)}</p>${range}
<table><tr>${figures}</tr></table>
<img src="cid:${framing.chartCid}" alt="The view's time series" width="600" height="180">
${sections}${partners}
<p><a href="${escapeHtml(framing.viewUrl)}">Open in Linklens</a>${unsubscribe}</p>
</body></html>`;
}

/** A Slack-compatible incoming-webhook message: `text` for notifications, blocks for the figures. */
export function slackPayload(content: ReportContent, framing: Framing): { text: string; blocks: unknown[] } {
  const fields = figureLines(content).map((f) => ({
    type: "mrkdwn",
    text: `*${f.name}*\n${f.value}${f.change ? ` (${f.change})` : ""}`,
  }));
  const top = content.breakdowns
    .filter((s) => s.rows.length > 0)
    .map((s) => `*${s.title}*\n${s.rows.map((r) => `• ${r.label}: ${formatMetric(s.metric, r.value)}`).join("\n")}`);
  const blocks: unknown[] = [
    { type: "header", text: { type: "plain_text", text: framing.title.slice(0, 150) } },
    {
      type: "context",
      elements: [
        {
          type: "mrkdwn",
          text: `${framing.subtitle}${content.range ? ` · ${formatRange(content.range, framing.timeZone)}` : ""}`,
        },
      ],
    },
    { type: "section", fields },
    ...top.map((text) => ({ type: "section", text: { type: "mrkdwn", text } })),
    { type: "section", text: { type: "mrkdwn", text: `<${framing.viewUrl}|Open in Linklens>` } },
  ];
  const text = `${framing.title}: ${figureLines(content)
    .map((f) => `${f.name} ${f.value}`)
    .join(", ")}`;
  return { text, blocks };
}
