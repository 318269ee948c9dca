// Installs the in-process ClickHouse engine (npm `chdb` 3.x, Apache-2.0, whose engine comes in
// the npm package @chdb/lib-<platform>, ~540 MB unpacked, nothing downloaded from elsewhere) when
// it is missing. Tests only: the ClickHouse event store's suites run on it (docs/clickhouse.md);
// it is kept out of package.json so `npm install` for running the dashboard never fetches it.
// `npm test` runs this first; run it by hand before running those suites on their own.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

export const CHDB_VERSION = "3.4.0";

function installedVersion() {
  const file = "node_modules/chdb/package.json";
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")).version;
  } catch {
    return null;
  }
}

export function ensureChdb() {
  if (installedVersion() === CHDB_VERSION) return { installed: false, seconds: 0 };
  const started = Date.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const { status } = spawnSync(npm, ["install", "--no-save", "--no-audit", "--no-fund", `chdb@${CHDB_VERSION}`], {
    stdio: "inherit",
  });
  if (status !== 0) throw new Error(`npm install chdb@${CHDB_VERSION} failed (exit ${status})`);
  return { installed: true, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { installed, seconds } = ensureChdb();
  console.log(
    installed ? `installed chdb@${CHDB_VERSION} in ${seconds.toFixed(0)} s` : `chdb@${CHDB_VERSION} already installed`,
  );
}
