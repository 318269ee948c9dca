import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

/** A fresh copy of the migrated PGlite template, in a temp dir of its own. */
export function pgliteCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "linklens-db-")), "data");
  cpSync(inject("pgliteTemplate"), dir, { recursive: true });
  return dir;
}
