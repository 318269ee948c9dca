// Seeds the end-to-end database when missing, then runs the embedded platform in the foreground.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";

const data = process.env.E2E_DATA ?? ".e2e/platform.duckdb";
const port = process.env.E2E_PLATFORM_PORT ?? "8790";
const tsx = "node_modules/tsx/dist/cli.mjs";

if (!existsSync(data)) {
  mkdirSync(dirname(data), { recursive: true });
  const seeded = spawnSync(process.execPath, [tsx, "scripts/seed.ts", "--data", data, "--clicks", "30000", "--days", "60"], { stdio: "inherit" });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
const platform = spawn(process.execPath, [tsx, "scripts/platform.ts", "--data", data, "--port", port, "--host", "127.0.0.1"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => platform.kill(signal));
platform.on("exit", (code) => process.exit(code ?? 0));
