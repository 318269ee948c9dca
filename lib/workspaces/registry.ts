import "server-only";
import type { Workspace } from "../db/schema";
import type { SealedBox } from "../secrets/sealedBox";
import type { Live } from "../live/live";
import { ENV_WORKSPACE_ID, type WorkspaceStore } from "../store/workspaces";
import type { Clock } from "../upstream/clock";
import type { UpstreamConfig } from "../upstream/config";
import { GatewayError } from "../upstream/gatewayError";
import { createProxy, type Proxy, type ProxyParts } from "../upstream/upstreamProxy";
import { checkKey, type KeyCheck } from "./keyCheck";

/** A workspace with what serves it: its proxy (its key's budget and cache) and its live view. */
export interface WorkspaceTarget {
  workspace: Workspace;
  proxy: Proxy;
  live: Live;
}

export interface RegistryParts {
  store: WorkspaceStore;
  clock: Clock;
  /**
   * The process's response cache and rate budgets (in process, or on Redis for replicas): keyed by
   * platform and key, so every workspace's proxy takes the same ones, and two workspaces on one
   * key draw from the one budget the platform counts.
   */
  shared: Pick<ProxyParts, "cache" | "budgets" | "dispatcher">;
  /** Opens stored keys; null when sign-in (and so the server secret) is not configured. */
  keys: SealedBox | null;
  /** The environment's workspace's proxy and live view, when the environment names a platform. */
  env: { proxy: Proxy; live: Live } | null;
  /** Timeout and cache lifetime, as the environment sets them for every workspace. */
  limits: Pick<UpstreamConfig, "timeoutMs" | "cacheTtlMs">;
  buildLive(proxy: Proxy): Live;
}

/**
 * Every workspace's proxy, built once per workspace on the process's shared cache and budgets
 * (the platform counts per key) and rebuilt only when an owner changes the workspace's address or key.
 */
export class WorkspaceRegistry {
  private readonly built = new Map<string, { version: string; target: Omit<WorkspaceTarget, "workspace"> }>();

  constructor(private readonly parts: RegistryParts) {}

  async bySlug(slug: string): Promise<WorkspaceTarget | undefined> {
    const workspace = await this.parts.store.bySlug(slug);
    return workspace ? this.target(workspace) : undefined;
  }

  async byId(id: string): Promise<WorkspaceTarget | undefined> {
    const workspace = await this.parts.store.byId(id);
    return workspace ? this.target(workspace) : undefined;
  }

  /** Whether the platform at `baseUrl` accepts `apiKey` (./keyCheck.ts), through the key's own rate budget and the address policy. */
  checkKey(baseUrl: string, apiKey: string): Promise<KeyCheck> {
    const proxy = createProxy({
      config: { baseUrl, apiKey, ...this.parts.limits },
      clock: this.parts.clock,
      ...this.parts.shared,
    });
    return checkKey((path, params) => proxy.send(path, params));
  }

  /** A deleted workspace: its proxy and live view are let go. */
  forget(workspaceId: string): void {
    this.built.delete(workspaceId);
  }

  target(workspace: Workspace): WorkspaceTarget {
    if (workspace.id === ENV_WORKSPACE_ID && this.parts.env) return { workspace, ...this.parts.env };
    const version = `${workspace.base_url}\n${workspace.key_sealed ?? ""}`;
    const cached = this.built.get(workspace.id);
    if (cached?.version === version) return { workspace, ...cached.target };
    const proxy = createProxy({ config: this.config(workspace), clock: this.parts.clock, ...this.parts.shared });
    const target = { proxy, live: this.parts.buildLive(proxy) };
    this.built.set(workspace.id, { version, target });
    return { workspace, ...target };
  }

  private config(workspace: Workspace): UpstreamConfig | GatewayError {
    if (!workspace.key_sealed || !this.parts.keys)
      return new GatewayError(
        500,
        `The workspace ${workspace.slug} has no key the dashboard can read; an owner sets it again.`,
      );
    try {
      return { baseUrl: workspace.base_url, apiKey: this.parts.keys.open(workspace.key_sealed), ...this.parts.limits };
    } catch {
      return new GatewayError(
        500,
        `The workspace ${workspace.slug}'s key cannot be opened with this LINKLENS_SECRET; an owner sets it again.`,
      );
    }
  }
}
