import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OWN_SERVER_SPECS } from "../../e2e/ownServerSpecs";

const specs = readdirSync("e2e").filter((name) => name.endsWith(".spec.ts"));
const startsDashboard = (name: string) =>
  readFileSync(`e2e/${name}`, "utf8").includes("node_modules/next/dist/bin/next");

describe("end-to-end projects", () => {
  it("lists every spec that starts a dashboard of its own, and only those", () => {
    expect([...OWN_SERVER_SPECS].sort()).toEqual(specs.filter(startsDashboard).sort());
  });
});
