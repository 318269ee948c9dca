import { describe, expect, it } from "vitest";
import { rollupCompactionSql, rollupKeys } from "./analyticsRollupBuild";

describe("folding the rollups' delta rows", () => {
  it("from an instant on: each rollup's slots from the one holding it, read and replaced", () => {
    const from = Date.UTC(2026, 10, 26, 12, 34, 56);
    const folds = rollupCompactionSql("r", from);
    expect(folds).toHaveLength(rollupKeys().length);
    rollupKeys().forEach(([def], i) => {
      const [build, remove] = folds[i];
      const where = `WHERE t >= ${Math.floor(from / def.slotMs)}`;
      expect(build).toContain(`FROM r.${def.name} ${where} GROUP BY`);
      expect(remove).toBe(`DELETE FROM r.${def.name} ${where}`);
    });
  });

  it("without an instant, every slot", () => {
    for (const [, remove] of rollupCompactionSql("r")) expect(remove).toMatch(/^DELETE FROM r\.\w+$/);
  });
});
