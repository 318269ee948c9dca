import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Once per run, before the journeys: a migrated dashboard database that each dashboard of a
 * journey's own starts from a copy of (e2e/ownDashboard.ts reads E2E_DASHBOARD_TEMPLATE), so none
 * pays PGlite's initdb and the migrations at start.
 */
export default function globalSetup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "linklens-e2e-template-"));
  const template = join(dir, "dashboard");
  const made = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/e2e/dashboardTemplate.ts", template],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`the dashboard database template failed:\n${made.stdout}\n${made.stderr}`);
  process.env.E2E_DASHBOARD_TEMPLATE = template;
  return () => rmSync(dir, { recursive: true, force: true });
}
