// What npm start says once everything runs: the dashboard's own output, relayed without Next's
// banner, and where this start keeps its data.
import { resolve } from "node:path";
import { STARTUP_DONE_LINE } from "../../lib/server/startupLine.mjs";
import { isNextBanner } from "./nextBanner.mjs";
import { shown } from "./children.mjs";

/**
 * Where this start keeps its data, as a person looks for it.
 * @param {{ root: string, dataFile: string, platformUrl: string | null, clickhouse: boolean, env: NodeJS.ProcessEnv }} start
 */
export function dataLines({ root, dataFile, platformUrl, clickhouse, env }) {
  const lines = [];
  if (platformUrl && clickhouse) {
    lines.push(
      `Platform events: the ClickHouse server at ${new URL(env.CLICKHOUSE_URL.trim()).host}; links, keys and customers: ${shown(dataFile)}`,
    );
  } else if (platformUrl) lines.push(`Platform data (events, links, keys): ${shown(dataFile)}`);
  const dashboardData = env.DATABASE_URL?.trim()
    ? "the PostgreSQL database in DATABASE_URL"
    : shown(resolve(root, env.DASHBOARD_DATA?.trim() || "data/dashboard"));
  lines.push(`Dashboard data (workspaces, members, saved views): ${dashboardData}`);
  return lines;
}

/**
 * The dashboard's output without Next's start banner (its address is said in the summary, once,
 * with the rest); the first owner's setup link, when it prints one, is said again in that summary.
 */
export function relayDashboardOutput(child, onSetupLink, onStartupDone) {
  let pending = "";
  child.stdout.on("data", (chunk) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const setup = /Create the first owner at (\S+)/.exec(line);
      if (setup) onSetupLink(setup[1]);
      if (line === STARTUP_DONE_LINE) onStartupDone();
      else if (!isNextBanner(line)) console.log(line);
    }
  });
}
