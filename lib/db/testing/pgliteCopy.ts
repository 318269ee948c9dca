import { cpSync, mkdtempSync } from "node:fs";
import { dirname, join } from "node:path";
import { inject } from "vitest";

/**
 * A fresh copy of the migrated PGlite template, in a temp dir of its own beside the template, so
 * the global setup's teardown removes every copy with it (one per test file adds up to gigabytes).
 */
export function pgliteCopy(): string {
  const template = inject("pgliteTemplate");
  const dir = join(mkdtempSync(join(dirname(template), "copy-")), "data");
  cpSync(template, dir, { recursive: true });
  return dir;
}
