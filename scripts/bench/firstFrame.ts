// npx tsx scripts/bench/firstFrame.ts <url> [visits] [label]: the browser's style and layout before a view's
// first frame, from Chromium traces of warm visits (docs/performance.md, "A warm view, step by step").
// One untraced visit first (the dashboard's cache warm), then `visits` traced ones in new tabs of one
// browser; prints per visit: first contentful paint, DOMContentLoaded, each style recalc and layout
// up to DOMContentLoaded (ms, elements styled, layout objects), and the medians. A screenshot of the
// first traced visit goes to .bench/<label>.png. Against any running dashboard (no servers started).
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number; stackTrace?: unknown[] };
  };
}

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)];
};

interface FirstFrame {
  fcpMs: number | null;
  dclMs: number | null;
  styleMs: number;
  layoutMs: number;
  steps: string[];
}

function firstFrameOf(events: TraceEvent[]): FirstFrame {
  const mains = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => mains.has(`${e.pid}:${e.tid}`));
  const fcp = events.find((e) => e.name === "firstContentfulPaint")?.ts;
  // Times are from the document's request (the first request of the traced tab).
  const start = events.find((e) => e.name === "ResourceSendRequest")?.ts ?? 0;
  const dcl = onMain.find((e) => e.name === "MarkDOMContent")?.ts;
  const ms = (us: number) => us / 1000;
  const work = onMain.filter(
    (e) => (e.name === "UpdateLayoutTree" || e.name === "Layout") && e.ph === "X" && (dcl === undefined || e.ts < dcl),
  );
  const total = (name: string) => ms(work.filter((e) => e.name === name).reduce((sum, e) => sum + (e.dur ?? 0), 0));
  return {
    fcpMs: fcp === undefined ? null : ms(fcp - start),
    dclMs: dcl === undefined ? null : ms(dcl - start),
    styleMs: total("UpdateLayoutTree"),
    layoutMs: total("Layout"),
    steps: work
      .filter((e) => (e.dur ?? 0) >= 1000)
      .map((e) => {
        const begin = e.args?.beginData;
        const what =
          e.name === "Layout"
            ? `layout ${begin?.dirtyObjects}/${begin?.totalObjects} objects`
            : `style ${e.args?.elementCount ?? "?"} elements`;
        const forced = begin?.stackTrace ? " (forced by a script)" : "";
        return `${what}${forced} at ${ms(e.ts - start).toFixed(0)}: ${ms(e.dur ?? 0).toFixed(0)} ms`;
      }),
  };
}

async function main(): Promise<void> {
  const [url, visitsArg = "5", label = "first-frame"] = process.argv.slice(2);
  if (!url) throw new Error("usage: firstFrame.ts <url> [visits] [label]");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const warmup = await context.newPage();
    await warmup.goto(url, { waitUntil: "load", timeout: 120_000 });
    await warmup.close();
    const frames: FirstFrame[] = [];
    for (let visit = 1; visit <= Number(visitsArg); visit++) {
      const page = await context.newPage();
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(url, { waitUntil: "load", timeout: 120_000 });
      await page.waitForTimeout(2000);
      if (visit === 1) await page.screenshot({ path: `.bench/${label}.png`, fullPage: true });
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      await page.close();
      const frame = firstFrameOf(trace.traceEvents);
      frames.push(frame);
      console.log(
        `visit ${visit} (load ${loadavg()[0].toFixed(1)}): first paint ${frame.fcpMs?.toFixed(0)} ms, DOMContentLoaded ${frame.dclMs?.toFixed(0)} ms, style ${frame.styleMs.toFixed(0)} ms, layout ${frame.layoutMs.toFixed(0)} ms`,
      );
      for (const step of frame.steps) console.log(`  ${step}`);
    }
    const of = (pick: (f: FirstFrame) => number | null) =>
      median(frames.map(pick).filter((v): v is number => v !== null)).toFixed(0);
    console.log(
      `${label}, median of ${frames.length}: first paint ${of((f) => f.fcpMs)} ms, style ${of((f) => f.styleMs)} ms, layout ${of((f) => f.layoutMs)} ms before DOMContentLoaded`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
