import type { StateCheck } from "./rollupState";

/** Where an opened file's derived state came from: the file's as it was, the file's built now (and kept), or memory for this run. */
export type DerivedSource = "stored" | "stored now" | "in memory";

/** Derived state an open keeps in the file (the rollups, the conversion clicks), checked by its state row. */
export interface StoredDerived {
  /** The file's schema holding it. */
  schema: string;
  /** Whether the file's matches what it is derived from. */
  check(): Promise<StateCheck>;
  /** Builds it into the file (replacing what was there), its state last. */
  store(): Promise<void>;
  /** Builds it in memory for this run; the schema holding it. */
  buildInMemory(): Promise<string>;
}

/**
 * The file's derived state when it matches; else built again into the file when `writable`
 * (once: later opens find it), or in memory for as long as it is open. `log` says why it was built.
 */
export async function openStoredDerived(
  derived: StoredDerived,
  writable: boolean,
  log: (message: string) => void,
): Promise<{ schema: string; source: DerivedSource }> {
  const check = await derived.check();
  if (check.current) return { schema: derived.schema, source: "stored" };
  if (writable) {
    log(`${check.why}: building them into the file (once)`);
    await derived.store();
    return { schema: derived.schema, source: "stored now" };
  }
  log(`${check.why}: built in memory while it is open (open it writable once to store them)`);
  return { schema: await derived.buildInMemory(), source: "in memory" };
}
