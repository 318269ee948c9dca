import "server-only";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import { guarded } from "./guarded";
import { json, refuse } from "../guard/refusal";
import { requesterOf, type Requester } from "../guard/requester";
import { SLUG_PATTERN } from "../store/workspaces";
import { checkBaseUrl, FORM_NAMES } from "../upstream/baseUrl.mjs";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { name, readBody } from "./body";
import { answered } from "./guarded";

export interface WorkspaceJson {
  slug: string;
  name: string;
  role: "owner" | "member" | "viewer";
  /** The platform's address; the key is never sent back. */
  baseUrl: string;
  /** The workspace's default view (`?…`), which the switcher opens it at; null without one. */
  defaultView: string | null;
}

/** The workspaces the requester belongs to, with their role: the switcher's list (two reads, then the default views at once, whatever the number of workspaces). */
export async function workspacesOf(app: App, requester: Requester): Promise<WorkspaceJson[]> {
  if (requester.kind === "anonymous") return [];
  const [workspaces, roles] = await Promise.all([
    app.workspaces.list(),
    requester.kind === "local"
      ? null
      : app.members.of(requester.person.id).then((rows) => new Map(rows.map((row) => [row.workspaceId, row.role]))),
  ]);
  const out: WorkspaceJson[] = [];
  // The local user (no sign-in configured) owns every workspace. Default views are read together, not one after another.
  const mine = workspaces.flatMap((workspace) => {
    const role = roles ? roles.get(workspace.id) : "owner";
    return role ? [{ workspace, role }] : [];
  });
  const views = await Promise.all(
    mine.map(({ workspace }) =>
      workspace.default_view_id ? app.views.get(workspace.id, workspace.default_view_id) : undefined,
    ),
  );
  mine.forEach(({ workspace, role }, i) =>
    out.push({
      slug: workspace.slug,
      name: workspace.name,
      role,
      baseUrl: workspace.base_url,
      defaultView: views[i]?.query ?? null,
    }),
  );
  return out;
}

/** GET /api/workspaces. */
export async function listWorkspacesRoute(app: App, request: Request): Promise<Response> {
  const requester = await requesterOf(app, request.headers);
  if (requester.kind === "anonymous") return refuse("unauthorized", "Sign in to use this dashboard.");
  return json({ workspaces: await workspacesOf(app, requester) });
}

const slug = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(SLUG_PATTERN, "a slug is 1 to 40 lowercase letters, digits and inner hyphens"),
  );
const baseUrl = z.pipe(
  z.string(),
  z.transform((raw: string, ctx) => {
    const checked = checkBaseUrl(raw, FORM_NAMES);
    if (checked.ok) return checked.url;
    ctx.issues.push({ code: "custom", message: checked.message, input: raw });
    return z.NEVER;
  }),
);
/** Why the dashboard will not connect to `url` (lib/http/addressPolicy.ts), as a 422; null when it may. */
async function addressRefusal(app: App, url: string): Promise<Response | null> {
  const refusal = await app.addresses.refusal(new URL(url));
  return refusal === null ? null : refuse("unprocessable_entity", `Invalid value for "baseUrl": ${refusal}`);
}

/** Why a key is not saved: the platform refused it (or could not be asked), as a 422 naming the field; null when it accepts it. */
async function keyRefusal(app: App, url: string, key: string): Promise<Response | null> {
  const checked = await app.registry.checkKey(url, key);
  return checked.ok ? null : refuse("unprocessable_entity", `Invalid value for "apiKey": ${checked.message}`);
}

const apiKey = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(500), z.regex(/^\S+$/, "an API key has no whitespace"));

/** POST /api/workspaces: owners add a workspace (name, slug, platform address, key); the key is sealed at rest and never sent back. */
export const addWorkspaceRoute = (app: App, request: Request): Promise<Response> =>
  answered(async () => {
    const requester = await requesterOf(app, request.headers);
    if (requester.kind === "anonymous") return refuse("unauthorized", "Sign in to use this dashboard.");
    if (!app.keys || requester.kind !== "person")
      return refuse(
        "forbidden",
        "Adding workspaces needs sign-in to be configured (LINKLENS_SECRET seals their keys).",
      );
    const owns = (await app.members.of(requester.person.id)).some((m) => m.role === "owner");
    if (!owns) return refuse("forbidden", "Only an owner of a workspace may add workspaces.");
    const body = await readBody(request, z.object({ name, slug, baseUrl, apiKey }));
    if (await app.workspaces.bySlug(body.slug)) return refuse("conflict", `The slug "${body.slug}" is taken.`);
    const refused = await addressRefusal(app, body.baseUrl);
    if (refused) return refused;
    const keyRefused = await keyRefusal(app, body.baseUrl, body.apiKey);
    if (keyRefused) return keyRefused;
    const workspace = await app.workspaces.add({
      slug: body.slug,
      name: body.name,
      baseUrl: body.baseUrl,
      keySealed: app.keys.seal(body.apiKey),
    });
    await app.members.set(workspace.id, requester.person.id, "owner");
    await recordAudit(
      app,
      request,
      actorOf(requester),
      workspace.id,
      "workspace.added",
      `${workspace.name} (${workspace.slug})`,
    );
    return json(
      {
        workspace: {
          slug: workspace.slug,
          name: workspace.name,
          role: "owner",
          baseUrl: workspace.base_url,
          defaultView: null,
        } satisfies WorkspaceJson,
      },
      201,
    );
  });

/** Why the owner may not turn "require single sign-on" to `on` now: OIDC is not configured, or their own session is a password one (they would lock themselves out). */
function requireSsoRefusal(app: App, requester: Requester, on: boolean): string | null {
  const oidc = app.signIn?.oidc;
  if (!oidc)
    return "Single sign-on is not configured on this dashboard (AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET).";
  if (on && requester.kind === "person" && !requester.viaSso)
    return `Sign in with ${oidc.name} first: this session was opened with a password, and requiring single sign-on would shut you out too.`;
  return null;
}

/**
 * PATCH /api/w/<slug>: owners rename it, change its platform address or key (the key is
 * write-only), or require single sign-on of its members (`requireSso`, when OIDC is configured). A new address needs the key given again: the stored key never goes to a host it
 * was not given for.
 */
export const updateWorkspaceRoute = guarded("manageWorkspace", async (granted, app, request): Promise<Response> => {
  const body = await readBody(
    request,
    z.object({
      name: z.optional(name),
      baseUrl: z.optional(baseUrl),
      apiKey: z.optional(apiKey),
      requireSso: z.optional(z.boolean()),
    }),
  );
  const { workspace } = granted.target;
  const ssoProblem = body.requireSso === undefined ? null : requireSsoRefusal(app, granted.requester, body.requireSso);
  if (ssoProblem) return refuse("unprocessable_entity", ssoProblem);
  if ((body.baseUrl !== undefined || body.apiKey !== undefined) && workspace.key_sealed === null) {
    return refuse(
      "unprocessable_entity",
      "This workspace's platform and key come from the environment (LINK_API_BASE_URL, LINK_API_KEY).",
    );
  }
  if (body.apiKey !== undefined && !app.keys)
    return refuse("forbidden", "Keys are sealed with LINKLENS_SECRET, which is not set.");
  const moves = body.baseUrl !== undefined && body.baseUrl !== workspace.base_url;
  if (moves && body.apiKey === undefined) {
    return refuse(
      "unprocessable_entity",
      `Invalid value for "apiKey": changing the platform's address needs the workspace's API key again; the stored key is only sent to ${workspace.base_url}.`,
    );
  }
  if (moves && body.baseUrl !== undefined) {
    const refused = await addressRefusal(app, body.baseUrl);
    if (refused) return refused;
  }
  if (body.apiKey !== undefined) {
    const keyRefused = await keyRefusal(app, body.baseUrl ?? workspace.base_url, body.apiKey);
    if (keyRefused) return keyRefused;
  }
  await app.workspaces.update(workspace.id, {
    name: body.name,
    baseUrl: body.baseUrl,
    keySealed: body.apiKey !== undefined && app.keys ? app.keys.seal(body.apiKey) : undefined,
  });
  const ssoChanged = body.requireSso !== undefined && body.requireSso !== workspace.require_sso;
  if (ssoChanged && body.requireSso !== undefined) await app.workspaces.setRequireSso(workspace.id, body.requireSso);
  const changes = [
    body.name !== undefined && body.name !== workspace.name ? `renamed ${body.name}` : null,
    moves ? `platform ${body.baseUrl}` : null,
    body.apiKey !== undefined ? "new key" : null,
    ssoChanged ? (body.requireSso ? "single sign-on required" : "single sign-on no longer required") : null,
  ];
  const action = body.apiKey !== undefined ? "workspace.key_rotated" : "workspace.updated";
  await recordAudit(
    app,
    request,
    actorOf(granted.requester),
    workspace.id,
    action,
    changes.filter((c) => c !== null).join(", ") || "no change",
  );
  return json({ ok: true });
});
