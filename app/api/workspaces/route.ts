import { addWorkspaceRoute, listWorkspacesRoute } from "@/lib/handlers/workspaces";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route((app, request) => listWorkspacesRoute(app, request));
export const POST = route((app, request) => addWorkspaceRoute(app, request));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
