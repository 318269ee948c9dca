import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { LIB_LAYERS } from "./eslint.config.mjs";

/** The layer boundaries of eslint.config.mjs, checked on sample imports placed where they would live. */
const eslint = new ESLint();

// ESLint loads its config, plugins and the TypeScript resolver on its first lint (seconds on a
// busy 2-core machine): once, here, so that each case below times its own lint only.
beforeAll(async () => {
  await eslint.lintText("export const warm = 1;\n", { filePath: "lib/contract/warm.ts" });
}, 60_000);

/** One lint resolves its imports through TypeScript: seconds on a busy 2-core machine, not a measure of anything. */
const LINT_TIMEOUT_MS = 30_000;

async function refused(filePath: string, importLine: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [x];\n`, { filePath });
  return result.messages.some((m) => m.ruleId === "no-restricted-imports");
}

describe("layers point one way", () => {
  it.each([
    ["lib/platform/query/sample.ts", `import { x } from "../../filters/dimensions";`],
    ["lib/platform/http/sample.ts", `import { x } from "../../upstream/upstreamProxy";`],
    ["lib/contract/sample.ts", `import { x } from "../filters/view";`],
    ["lib/contract/sample.ts", `import { x } from "../upstream/config";`],
    ["lib/upstream/sample.ts", `import { x } from "../filters/view";`],
    ["lib/upstream/sample.ts", `import { x } from "../platform/http/platformApp";`],
    ["components/filters/Sample.tsx", `import { x } from "@/lib/upstream/upstreamProxy";`],
    ["components/filters/Sample.tsx", `import { x } from "@/lib/server/proxyRoot";`],
    ["lib/queries/sample.ts", `import { x } from "../upstream/client";`],
    ["app/sample/page.tsx", `import { x } from "@/lib/platform/http/platformApp";`],
    ["lib/format/sample.ts", `import { x } from "../filters/dimensions";`],
    ["components/ui/Sample.tsx", `import { x } from "@/lib/db/openDatabase";`],
    ["components/ui/Sample.tsx", `import { x } from "@/lib/auth/createAuth";`],
    ["app/w/[slug]/page.tsx", `import { x } from "@/lib/store/shareLinks";`],
    ["lib/access/sample.ts", `import { x } from "../guard/accessFor";`],
    ["lib/store/sample.ts", `import { x } from "../filters/view";`],
    ["lib/platform/http/sample.ts", `import { x } from "../../store/shareLinks";`],
    ["lib/platform/http/sample.ts", `import { x } from "@/lib/store/shareLinks";`],
    ["lib/platform/sample.ts", `import { x } from "../store/shareLinks";`],
    // Every layer told apart: the data layer may not reach back up to the roots or the view.
    ["lib/handlers/sample.ts", `import { x } from "../server/dashboardRoot";`],
    ["lib/guard/sample.ts", `import { x } from "@/lib/server/proxyRoot";`],
    ["lib/handlers/sample.ts", `import { x } from "../queries/useEvents";`],
    ["lib/store/sample.ts", `import { x } from "../platform/openPlatform";`],
    ["lib/upstream/sample.ts", `import { x } from "../store/shareLinks";`],
    ["lib/live/sample.ts", `import { x } from "../guard/accessFor";`],
    ["lib/upstream/sample.ts", `import { x } from "../server/proxyRoot";`],
    ["lib/http/sample.ts", `import { x } from "../upstream/relay";`],
    ["lib/contract/sample.ts", `import { x } from "../http/abort";`],
    ["lib/access/sample.ts", `import { x } from "../store/shareLinks";`],
    ["lib/server/sample.ts", `import { x } from "../filters/view";`],
    ["lib/server/sample.ts", `import { x } from "../platform/openPlatform";`],
    ["lib/export/sample.ts", `import { x } from "../upstream/relay";`],
    ["lib/filters/sample.ts", `import { x } from "../live/hub";`],
    ["components/live/Sample.tsx", `import { x } from "@/lib/live/hub";`],
    ["app/api/sample/route.ts", `import { x } from "@/lib/upstream/upstreamProxy";`],
    ["app/api/sample/route.ts", `import { x } from "@/lib/platform/openPlatform";`],
    ["lib/contract/sample.ts", `import { x } from "../../scripts/seed";`],
    ["lib/platform/seed/sample.ts", `import { x } from "../../../scripts/seed";`],
    ["scripts/sample.ts", `import { x } from "../components/ui/Card";`],
    // The dashboard's data in its three layers (records, then the app and its guards, then the handlers; the reports between).
    ["lib/store/sample.ts", `import { x } from "../audit/recordAudit";`],
    ["lib/db/sample.ts", `import { x } from "../guard/requester";`],
    ["lib/auth/sample.ts", `import { x } from "../dashboard/dashboardApp";`],
    ["lib/workspaces/sample.ts", `import { x } from "../handlers/guarded";`],
    ["lib/guard/sample.ts", `import { x } from "../handlers/lockedRequest";`],
    ["lib/dashboard/sample.ts", `import { x } from "../reports/reports";`],
    ["lib/reports/sample.ts", `import { x } from "../handlers/reports";`],
  ])(
    "%s may not: %s",
    async (file, line) => {
      expect(await refused(file, line)).toBe(true);
    },
    LINT_TIMEOUT_MS,
  );

  it.each([
    ["lib/platform/query/sample.ts", `import { x } from "../../contract/dimensions";`],
    ["lib/upstream/sample.ts", `import { x } from "../contract/query";`],
    ["lib/filters/sample.ts", `import { x } from "../contract/dimensions";`],
    ["components/filters/Sample.tsx", `import type { x } from "@/lib/upstream/tolerant";`],
    ["app/api/sample/route.ts", `import { x } from "@/lib/server/proxyRoot";`],
    ["app/w/[slug]/page.tsx", `import { x } from "@/lib/server/pageAccess";`],
    ["components/ui/Sample.tsx", `import { x } from "@/lib/access/roles";`],
    ["lib/guard/sample.ts", `import { x } from "../access/shareLock";`],
    ["lib/platform/http/sample.ts", `import { x } from "../store/pool";`],
    ["lib/platform/sample.ts", `import { x } from "./store/pool";`],
    ["lib/handlers/sample.ts", `import { x } from "../guard/disclosure";`],
    ["lib/handlers/sample.ts", `import { x } from "../export/params";`],
    ["lib/export/stream.ts", `import { x } from "../upstream/relay";`],
    ["lib/server/sample.ts", `import { x } from "../handlers/lockedRequest";`],
    ["lib/live/sample.ts", `import { x } from "../upstream/clock";`],
    ["lib/scope/sample.ts", `import { x } from "../security/csrf";`],
    ["lib/queries/sample.ts", `import type { x } from "../live/stream";`],
    ["components/live/Sample.tsx", `import { x } from "../ui/Card";`],
    ["app/api/sample/route.ts", `import { x } from "@/lib/handlers/data";`],
    ["scripts/sample.ts", `import { x } from "../lib/platform/openPlatform";`],
    ["lib/handlers/sample.ts", `import { x } from "../reports/reports";`],
    ["lib/guard/sample.ts", `import { x } from "../store/shareLinks";`],
    ["lib/audit/sample.ts", `import type { x } from "../dashboard/dashboardApp";`],
    ["lib/reports/sample.ts", `import { x } from "../dashboard/dashboardApp";`],
  ])(
    "%s may: %s",
    async (file, line) => {
      expect(await refused(file, line)).toBe(false);
    },
    LINT_TIMEOUT_MS,
  );
});

describe("every folder of lib/ is in one layer", () => {
  const folders = readdirSync("lib", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it.each(folders)("lib/%s", (folder) => {
    const layers = Object.entries(LIB_LAYERS)
      .filter(([, dirs]) => dirs.includes(folder))
      .map(([layer]) => layer);
    expect(layers).toHaveLength(1);
  });
});
