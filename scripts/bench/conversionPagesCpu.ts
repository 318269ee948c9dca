// CPU per request of the /events pages that read the conversion clicks (sales and leads), in-process
// on a seeded file opened read-only as the platform opens it: the page's statements and their
// conversion to events, the same page repeated (customers come from the cache after the first).
// CPU, not wall time, so that a machine shared with other work still gives figures worth comparing.
//   npx tsx scripts/bench/conversionPagesCpu.ts --data .bench/bench10m-365d.duckdb [--runs 15]
// Run it with the platform stopped (DuckDB lets one process write a file; reading is fine).
import { parseArgs } from "node:util";
import { resolveRange } from "../../lib/contract/dateRange";
import { parseEventsQuery } from "../../lib/contract/query";
import { hashKey } from "../../lib/platform/http/auth";
import { openPlatform } from "../../lib/platform/openPlatform";
import { findKeyOwner } from "../../lib/platform/query/apiKeys";
import { listEvents } from "../../lib/platform/query/eventsQuery";
import { BUSINESS_KEY } from "./events";
import { cpuMsPerCall, figures } from "./stats";

const CASES: readonly [string, string][] = [
  ["sales saleType=recurring", "event=sales&interval=1y&saleType=recurring&limit=100"],
  ["sales saleType=new + country=US", "event=sales&interval=1y&saleType=new&country=US&limit=100"],
  ["leads", "event=leads&interval=1y&limit=100"],
  ["clicks of one customer", ""],
];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { data: { type: "string" }, runs: { type: "string" } } });
  if (!values.data) throw new Error("usage: npx tsx scripts/bench/conversionPagesCpu.ts --data <file> [--runs 15]");
  const runs = Number(values.runs ?? 15);
  const platform = await openPlatform(values.data, { poolSize: 4 });
  try {
    const owner = await findKeyOwner(platform.store.db, hashKey(BUSINESS_KEY));
    if (!owner) throw new Error(`${values.data} has no workspace for ${BUSINESS_KEY}`);
    const [customer] = await platform.store.db.all(
      `SELECT customer_id FROM lead_events WHERE workspace_id = $ws GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      { ws: owner.workspaceId },
    );
    console.log(`conversion clicks: ${platform.conversionSource}; CPU ms per request, p50 of ${runs} (min, max)`);
    for (const [name, qs] of CASES) {
      const search = qs || `event=clicks&interval=1y&customerId=${String(customer?.customer_id)}&limit=100`;
      const list = () => {
        const query = parseEventsQuery(new URLSearchParams(search));
        const range = resolveRange(query, new Date(), owner.createdAt);
        return listEvents(platform.store, query, { workspaceId: owner.workspaceId, range });
      };
      const rows = (await list()).length;
      const cpu = await cpuMsPerCall(list, runs);
      console.log(
        `${name.padEnd(34)} ${figures(cpu).p50.toFixed(1).padStart(6)} ms (${Math.min(...cpu).toFixed(1)}, ${Math.max(...cpu).toFixed(1)}), ${rows} events`,
      );
    }
  } finally {
    platform.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
