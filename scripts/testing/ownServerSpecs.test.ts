import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OWN_SERVER_SPECS } from "../../e2e/ownServerSpecs";

const specs = readdirSync("e2e").filter((name) => name.endsWith(".spec.ts"));
/** It starts `next start` itself, or through the journeys' helper (e2e/ownDashboard.ts). */
const startsDashboard = (name: string) => {
  const text = readFileSync(`e2e/${name}`, "utf8");
  return text.includes("node_modules/next/dist/bin/next") || /from "\.\/ownDashboard"/.test(text);
};

describe("end-to-end projects", () => {
  it("lists every spec that starts a dashboard of its own, and only those", () => {
    expect([...OWN_SERVER_SPECS].sort()).toEqual(specs.filter(startsDashboard).sort());
  });
});
