import { createHash } from "node:crypto";
import { ApiError } from "../../contract/errors";
import type { Db } from "../query/db";
import { findKeyOwner } from "../query/apiKeys";
import { isPlan, planAtLeast, planLabel, type Plan } from "./plans";

export interface Identity {
  workspaceId: string;
  plan: Plan;
  workspaceCreatedAt: Date;
  /** sha256 of the key: names the key in rate-limit buckets without keeping the key itself. */
  keyHash: string;
}

export type AuthResult = { ok: true; identity: Identity } | { ok: false; message: string };

const MAX_KEY_LENGTH = 256;
const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

export const MISSING_CREDENTIALS = `Missing or malformed Authorization header; expected "Authorization: Bearer <API key>".`;
export const INVALID_KEY = "Invalid API key.";

/** The key of an `Authorization: Bearer <key>` header, or null when missing or malformed. */
export function parseBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match || match[1].length > MAX_KEY_LENGTH) return null;
  return match[1];
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** How long a key found unknown is answered 401 without a lookup. */
export const UNKNOWN_KEY_TTL_MS = 60_000;
/** Bounds the memory a flood of random keys can take; the oldest are forgotten first. */
export const MAX_UNKNOWN_KEYS = 10_000;

/**
 * Resolves keys to identities. Known keys are cached for the life of the process; unknown ones
 * for a minute, so a client retrying a wrong key costs no lookup per request.
 */
export class KeyResolver {
  private readonly cache = new Map<string, Identity>();
  /** Key hash → when to look it up again (epoch ms). Insertion order is expiry order. */
  private readonly unknown = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async authenticate(header: string | undefined): Promise<AuthResult> {
    const key = parseBearer(header);
    if (key === null) return { ok: false, message: MISSING_CREDENTIALS };
    const keyHash = hashKey(key);
    const cached = this.cache.get(keyHash);
    if (cached) return { ok: true, identity: cached };
    if (this.isKnownUnknown(keyHash)) return { ok: false, message: INVALID_KEY };
    const owner = await findKeyOwner(this.db, keyHash);
    if (!owner) {
      this.rememberUnknown(keyHash);
      return { ok: false, message: INVALID_KEY };
    }
    if (!isPlan(owner.plan)) throw new Error(`workspace ${owner.workspaceId} has an unknown plan`);
    const identity: Identity = { workspaceId: owner.workspaceId, plan: owner.plan, workspaceCreatedAt: owner.createdAt, keyHash };
    this.cache.set(keyHash, identity);
    return { ok: true, identity };
  }

  private isKnownUnknown(keyHash: string): boolean {
    const until = this.unknown.get(keyHash);
    if (until === undefined) return false;
    if (this.now() < until) return true;
    this.unknown.delete(keyHash);
    return false;
  }

  private rememberUnknown(keyHash: string): void {
    const now = this.now();
    this.unknown.delete(keyHash);
    for (const [oldest, until] of this.unknown) {
      if (until > now && this.unknown.size < MAX_UNKNOWN_KEYS) break;
      this.unknown.delete(oldest);
    }
    this.unknown.set(keyHash, now + UNKNOWN_KEY_TTL_MS);
  }
}

/** The identity, or a 401 carrying why the credentials were refused. */
export function requireIdentity(auth: AuthResult): Identity {
  if (!auth.ok) throw new ApiError("unauthorized", auth.message);
  return auth.identity;
}

/** 403 unless the workspace's plan is at least `minimum`. */
export function requirePlan(identity: Identity, minimum: Plan, route: string): void {
  if (planAtLeast(identity.plan, minimum)) return;
  throw new ApiError(
    "forbidden",
    `plan too low: ${route} requires the ${planLabel(minimum)} plan or higher (this workspace is on ${planLabel(identity.plan)})`,
  );
}
