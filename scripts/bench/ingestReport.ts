import {
  REDIRECT_CONCURRENCY,
  TRACK_CONCURRENCY,
  type IngestResult,
  type IngestRun,
  type IngestSide,
  type TrackFigures,
} from "./ingest";
import type { LoadFigures } from "./loadPhase";
import { table } from "./table";

/** Issue 24's goals: redirects at 32 concurrent visitors, and tracked leads or sales. */
const REDIRECTS_GOAL = 2000;
const REDIRECTS_P99_GOAL_MS = 50;
const TRACK_GOAL = 500;
const GOAL_CONCURRENCY = 32;

const rate = (x: LoadFigures) => x.perSecond.toFixed(0);
const others = (x: LoadFigures, ok: number) =>
  Object.entries(x.statuses)
    .filter(([status]) => Number(status) !== ok)
    .map(([status, n]) => `${n}×${status}`)
    .concat(x.errors > 0 ? [`${x.errors} errors`] : [])
    .join(" ") || "—";

function runRows(run: IngestRun): string[][] {
  const rows = run.redirects.map((r) => {
    const goal =
      r.connections === GOAL_CONCURRENCY
        ? r.perSecond >= REDIRECTS_GOAL && r.p99 <= REDIRECTS_P99_GOAL_MS
          ? "ok"
          : "MISS"
        : "";
    return [
      `redirects, ${r.connections} at once`,
      rate(r),
      String(r.p50),
      String(r.p99),
      String(r.answered),
      String(r.answered - r.missing + r.unanswered),
      String(r.missing),
      others(r, 302),
      goal,
    ];
  });
  const track = (name: string, t: TrackFigures) => [
    `${name}, ${t.connections} at once`,
    rate(t),
    String(t.p50),
    String(t.p99),
    String(t.answered),
    String(t.recorded),
    String(Math.max(0, t.answered - t.recorded)),
    others(t, 200),
    t.perSecond >= TRACK_GOAL ? "ok" : "MISS",
  ];
  rows.push(track("POST /track/lead", run.leads), track("POST /track/sale", run.sales));
  return rows;
}

function sideSection(side: IngestSide): string {
  const header = ["case", "per s", "p50 ms", "p99 ms", "answered", "stored", "missing", "other answers", "goal"];
  const hooked = side.withReceiver.deliveries;
  return [
    `  ${side.label}, no webhook receiver:`,
    ...table(header, runRows(side.withoutReceiver))
      .split("\n")
      .map((l) => `    ${l}`),
    `  ${side.label}, a receiver registered for every event kind:`,
    ...table(header, runRows(side.withReceiver))
      .split("\n")
      .map((l) => `    ${l}`),
    hooked
      ? `    deliveries received (until none came for 2 s, 30 s at most): ${hooked.received} of ${hooked.due} due`
      : "",
    hooked?.queue
      ? `    the queue in the file once stopped: ${hooked.queue.queued} of ${hooked.due} due queued (${hooked.queue.delivered} delivered, ${hooked.queue.pending} pending: a backlog sent after a restart, ${hooked.queue.failed} failed); ${Math.max(0, hooked.due - hooked.queue.queued)} missing`
      : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The last side against the first: this checkout over the baseline, per case. */
function ratios(before: IngestSide, after: IngestSide): string {
  const pair = (name: string, pick: (run: IngestRun) => LoadFigures | undefined) =>
    (["withoutReceiver", "withReceiver"] as const).map((which) => {
      const b = pick(before[which]);
      const a = pick(after[which]);
      return [
        `${name}${which === "withReceiver" ? " + receiver" : ""}`,
        b ? rate(b) : "—",
        a ? rate(a) : "—",
        b && a && b.perSecond > 0 ? `×${(a.perSecond / b.perSecond).toFixed(1)}` : "—",
        b ? String(b.p99) : "—",
        a ? String(a.p99) : "—",
      ];
    });
  const rows = [
    ...REDIRECT_CONCURRENCY.flatMap((c) =>
      pair(`redirects, ${c} at once`, (run) => run.redirects.find((r) => r.connections === c)),
    ),
    ...pair(`leads, ${TRACK_CONCURRENCY} at once`, (run) => run.leads),
    ...pair(`sales, ${TRACK_CONCURRENCY} at once`, (run) => run.sales),
  ];
  return table(["case", `${before.label} /s`, `${after.label} /s`, "after/before", "p99 before", "p99 after"], rows)
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
}

export function ingestSection(r: IngestResult | undefined): string {
  const title = "Ingest (issue 24)";
  if (!r) return `\n${title}\n  not measured (see errors)`;
  const parts = [
    `\n${title}: writable platform on a copy of ${r.seedFile}, autocannon in the bench's process on loopback, ${r.seconds} s per case, back to back`,
    ...r.sides.map(sideSection),
    "  stored: the phase's clicks (or leads, sales) in the file after the platform stopped; missing: answered but not stored (must be 0).",
    `  goals: ≥ ${REDIRECTS_GOAL} redirects/s at ${GOAL_CONCURRENCY} at once with p99 ≤ ${REDIRECTS_P99_GOAL_MS} ms; ≥ ${TRACK_GOAL} leads or sales/s.`,
  ];
  if (r.sides.length > 1)
    parts.push(`  Before/after, taken back to back:\n${ratios(r.sides[0], r.sides[r.sides.length - 1])}`);
  return parts.join("\n");
}
