import "server-only";
import { hash, verify } from "@node-rs/argon2";

/** argon2id at OWASP's second recommended setting (19 MiB, 2 passes, 1 lane). */
const OPTIONS = {
  // Algorithm.Argon2id: a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // Not an argon2 hash at all: no password matches it.
    return false;
  }
}
