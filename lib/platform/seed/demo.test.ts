import { describe, expect, it } from "vitest";
import { DEMO } from "./demo";
import { generateEntities } from "./generate";

describe("DEMO", () => {
  it("matches what the seed generates, whatever the seed, size and date", () => {
    for (const args of [
      { clicks: 0, days: 30, seed: 1, now: Date.parse("2026-11-22T02:00:00Z") },
      { clicks: 0, days: 365, seed: 99, now: Date.parse("2025-01-01T00:00:00Z") },
    ]) {
      const data = generateEntities(args);
      for (const org of data.orgs) {
        const demo = DEMO[org.workspace.slug as keyof typeof DEMO];
        expect(org.workspace.id).toBe(demo.id);
        expect(org.workspace.plan).toBe(demo.plan);
        expect(org.workspace.def.apiKey).toBe(demo.apiKey);
        expect(org.workspace.defaultProgramId).toBe(demo.defaultProgramId);
        expect(org.domains.map((d) => d.slug)).toEqual(demo.domains);
        expect(Object.fromEntries(org.folders.map((f) => [f.name, f.id]))).toEqual(demo.folders);
        expect(Object.fromEntries(org.tags.map((t) => [t.name, t.id]))).toEqual(demo.tags);
        expect(Object.fromEntries(org.partnerGroups.map((g) => [g.name, g.id]))).toEqual(demo.partnerGroups);
        expect(Object.fromEntries(org.partnerTags.map((t) => [t.name, t.id]))).toEqual(demo.partnerTags);
        for (const link of Object.values(demo.links)) {
          const found = data.links.find((l) => l.id === link.id);
          expect(found && { domain: found.domain, key: found.key, workspaceId: found.workspaceId }).toEqual({
            domain: link.domain,
            key: link.key,
            workspaceId: demo.id,
          });
        }
      }
    }
  });
});
