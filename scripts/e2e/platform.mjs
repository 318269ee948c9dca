// Seeds the end-to-end database when missing (or not a complete seed), then runs the embedded platform in the foreground.
import { spawn, spawnSync } from "node:child_process";

const data = process.env.E2E_DATA ?? ".e2e/platform.duckdb";
const port = process.env.E2E_PLATFORM_PORT ?? "8790";
const tsx = "node_modules/tsx/dist/cli.mjs";

// Kept when already a complete seed of this version; replaced otherwise (the seed writes beside it and renames).
const seeded = spawnSync(
  process.execPath,
  [tsx, "scripts/seed.ts", "--data", data, "--clicks", "30000", "--days", "60", "--if-incomplete"],
  { stdio: "inherit" },
);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const platform = spawn(
  process.execPath,
  [tsx, "scripts/platform.ts", "--data", data, "--port", port, "--host", "127.0.0.1"],
  { stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => platform.kill(signal));
platform.on("exit", (code) => process.exit(code ?? 0));
