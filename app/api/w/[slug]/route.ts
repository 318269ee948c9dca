import { deleteWorkspaceRoute } from "@/lib/handlers/workspaceLifecycle";
import { updateWorkspaceRoute } from "@/lib/handlers/workspaces";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = route<{ slug: string }>((app, request, { slug }) => updateWorkspaceRoute(app, request, slug));
export const DELETE = route<{ slug: string }>((app, request, { slug }) => deleteWorkspaceRoute(app, request, slug));
