// What opening a seeded file costs the platform: wall time until it can serve, and the process's
// resident memory at its peak and after (the rollups and the conversion clicks are read from the file,
// or built when it holds none that match its events: lib/platform/query/rollupState.ts, conversionStore.ts).
//   npx tsx scripts/bench/openCost.ts --data .bench/bench10m-365d.duckdb [--writable] [--query]
// --writable opens it as `npm run platform -- --writable` does (a file without stored rollups gets
// them then, once, and likewise the conversion clicks); --query also answers one analytics request of a year (the largest workspace).
// Run it with the platform stopped: DuckDB lets one process write a file.
import { parseArgs } from "node:util";
import { parseAnalyticsQuery } from "../../lib/contract/analytics";
import { resolveRange } from "../../lib/contract/dateRange";
import { openPlatform } from "../../lib/platform/openPlatform";
import { queryAnalytics } from "../../lib/platform/query/analyticsQuery";

const MB = 1e6;
const rss = () => Math.round(process.memoryUsage.rss() / MB);
/** The peak resident memory so far (getrusage's maxrss, in KiB on Linux). */
const peak = () => Math.round((process.resourceUsage().maxRSS * 1024) / MB);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { data: { type: "string" }, writable: { type: "boolean" }, query: { type: "boolean" } },
  });
  if (!values.data) throw new Error("usage: npx tsx scripts/bench/openCost.ts --data <file> [--writable] [--query]");
  const started = performance.now();
  const platform = await openPlatform(values.data, { writable: values.writable === true, clickJournal: false });
  const openMs = performance.now() - started;
  console.log(
    `opened ${values.data}${values.writable ? " writable" : ""} in ${(openMs / 1000).toFixed(1)} s; rollups: ${platform.rollupSource ?? "on ClickHouse"}; conversion clicks: ${platform.conversionSource}; resident ${rss()} MB, peak ${peak()} MB`,
  );
  if (values.query) {
    const rows = await platform.store.db.all(
      `SELECT workspace_id FROM click_events GROUP BY workspace_id ORDER BY count(*) DESC LIMIT 1`,
      {},
    );
    const workspaceId = String(rows[0]?.workspace_id);
    const query = parseAnalyticsQuery(
      new URLSearchParams("event=composite&groupBy=countries&interval=1y&device=Mobile"),
    );
    const at = performance.now();
    await queryAnalytics(platform.store, query, { workspaceId, range: resolveRange(query, new Date()) });
    console.log(
      `one analytics request in ${(performance.now() - at).toFixed(0)} ms; resident ${rss()} MB, peak ${peak()} MB`,
    );
  }
  await platform.finish();
  platform.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
