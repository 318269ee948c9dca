import { createHash } from "node:crypto";
import { ApiError } from "../../contract/errors";
import type { Db } from "../query/db";
import { allKeyOwners, findKeyOwner, type KeyOwner } from "../query/apiKeys";
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
 * for a minute, so a client retrying a wrong key costs no lookup per request. `preload` reads
 * every key once, so a valid key is known without a lookup of its own (the app then spends
 * lookups only on keys it does not know, and only within the caller's anonymous budget).
 */
export class KeyResolver {
  private readonly cache = new Map<string, Identity>();
  /** Key hash → when to look it up again (epoch ms). Insertion order is expiry order. */
  private readonly unknown = new Map<string, number>();
  private preloaded: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reads every key and its workspace into the cache, once (a failure is not kept). Exact while
   * the file is read-only; a writable store that adds keys still finds them by lookup.
   */
  preload(): Promise<void> {
    this.preloaded ??= allKeyOwners(this.db).then(
      (owners) => {
        for (const owner of owners) this.remember(owner);
      },
      (err: unknown) => {
        this.preloaded = null;
        throw err;
      },
    );
    return this.preloaded;
  }

  /** The identity of a key already resolved, without a lookup: how the app tells a known key from one that may cost one. */
  known(header: string | undefined): Identity | undefined {
    const key = parseBearer(header);
    return key === null ? undefined : this.cache.get(hashKey(key));
  }

  /** Resolves the header's key, looking it up through `db` (a request's, by default the resolver's) when not known yet. */
  async authenticate(header: string | undefined, db: Db = this.db): Promise<AuthResult> {
    const key = parseBearer(header);
    if (key === null) return { ok: false, message: MISSING_CREDENTIALS };
    const keyHash = hashKey(key);
    const cached = this.cache.get(keyHash);
    if (cached) return { ok: true, identity: cached };
    if (this.isKnownUnknown(keyHash)) return { ok: false, message: INVALID_KEY };
    const owner = await findKeyOwner(db, keyHash);
    if (!owner) {
      this.rememberUnknown(keyHash);
      return { ok: false, message: INVALID_KEY };
    }
    return { ok: true, identity: this.remember(owner) };
  }

  private remember(owner: KeyOwner): Identity {
    if (!isPlan(owner.plan)) throw new Error(`workspace ${owner.workspaceId} has an unknown plan`);
    const identity: Identity = {
      workspaceId: owner.workspaceId,
      plan: owner.plan,
      workspaceCreatedAt: owner.createdAt,
      keyHash: owner.keyHash,
    };
    this.cache.set(owner.keyHash, identity);
    return identity;
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

/**
 * The user an API key stands for, as the links it creates name it (`userId`): the embedded store
 * keeps no users, so each key is one, under an id derived from its hash (never the hash itself).
 */
export function keyUserId(identity: Identity): string {
  return `user_${createHash("sha256").update(`user:${identity.keyHash}`).digest("hex").slice(0, 24)}`;
}

export function linkAuthor(identity: Identity): { workspaceId: string; userId: string } {
  return { workspaceId: identity.workspaceId, userId: keyUserId(identity) };
}
