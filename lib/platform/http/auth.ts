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

/** Resolves keys to identities; known keys are cached for the life of the process. */
export class KeyResolver {
  private readonly cache = new Map<string, Identity>();

  constructor(private readonly db: Db) {}

  async authenticate(header: string | undefined): Promise<AuthResult> {
    const key = parseBearer(header);
    if (key === null) return { ok: false, message: MISSING_CREDENTIALS };
    const keyHash = hashKey(key);
    const cached = this.cache.get(keyHash);
    if (cached) return { ok: true, identity: cached };
    const owner = await findKeyOwner(this.db, keyHash);
    if (!owner) return { ok: false, message: INVALID_KEY };
    if (!isPlan(owner.plan)) throw new Error(`workspace ${owner.workspaceId} has an unknown plan`);
    const identity: Identity = { workspaceId: owner.workspaceId, plan: owner.plan, workspaceCreatedAt: owner.createdAt, keyHash };
    this.cache.set(keyHash, identity);
    return { ok: true, identity };
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
