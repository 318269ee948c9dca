import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The workspace key lives in the server's environment and is read only by lib/upstream. No module
 * a client component can load may reach lib/upstream at runtime or name the key's variable.
 * (The built bundle is scanned too: app/api/keySecrecy.int.test.ts.)
 */

const ROOT = resolve(__dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib"];
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(tsx?|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function isClientModule(source: string): boolean {
  return /^(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*["']use client["']/.test(source);
}

const IMPORT = /(?:^|[\n;])\s*(import|export)\s+([^"';]*?)\s*from\s*["']([^"']+)["']|(?:^|[\n;])\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Specifiers this module loads at runtime (type-only imports are erased by the compiler). */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const clause = m[2];
    if (clause !== undefined) {
      if (/^type\s/.test(clause)) continue;
      const braces = /^\{([^}]*)\}$/.exec(clause.trim());
      if (braces && braces[1].split(",").every((s) => s.trim() === "" || /^type\s/.test(s.trim()))) continue;
      found.push(m[3]);
    } else found.push(m[4] ?? m[5]);
  }
  return found;
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

function clientGraph(): Map<string, string> {
  const files = SOURCE_DIRS.flatMap((dir) => walk(join(ROOT, dir)));
  const reachedFrom = new Map<string, string>();
  const queue = files.filter((file) => isClientModule(readFileSync(file, "utf8")));
  for (const file of queue) reachedFrom.set(file, file);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const specifier of runtimeImports(readFileSync(file, "utf8"))) {
      const target = resolveImport(file, specifier);
      if (target && !reachedFrom.has(target)) {
        reachedFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return reachedFrom;
}

/** Reading the variable (mentioning its name in help text is fine). */
const READS_KEY = /\benv\s*(?:\.\s*|\[\s*["'`])LINK_API_KEY|\{[^}]*\bLINK_API_KEY\b[^}]*\}\s*=\s*(?:process\.)?env\b/;

describe("client boundary", () => {
  it("tells runtime imports from type-only ones", () => {
    const source = [
      'import type { A } from "./a";',
      'import { type B, type C } from "./b";',
      'import { type D, e } from "./d";',
      'import f from "./f";',
      'export { g } from "./g";',
      'export type { H } from "./h";',
      'import "./side-effect";',
      'const lazy = import("./lazy");',
    ].join("\n");
    expect(runtimeImports(source)).toEqual(["./d", "./f", "./g", "./side-effect", "./lazy"]);
  });

  it("spots reads of the key's variable", () => {
    expect(["process.env.LINK_API_KEY", 'process.env["LINK_API_KEY"]', "const { LINK_API_KEY } = process.env", "env.LINK_API_KEY"].every((s) => READS_KEY.test(s))).toBe(true);
    expect(READS_KEY.test("Check LINK_API_KEY in the server environment.")).toBe(false);
  });

  it("no client module reaches lib/upstream or reads the key's variable", () => {
    const graph = clientGraph();
    expect(graph.size).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const [file, parent] of graph) {
      const rel = relative(ROOT, file);
      const source = readFileSync(file, "utf8");
      if (rel.startsWith("lib/upstream/") || READS_KEY.test(source)) offenders.push(`${rel} (imported by ${relative(ROOT, parent)})`);
    }
    expect(offenders).toEqual([]);
  });
});
