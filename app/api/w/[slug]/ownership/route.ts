import { transferOwnershipRoute } from "@/lib/handlers/workspaceLifecycle";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = route<{ slug: string }>((app, request, { slug }) => transferOwnershipRoute(app, request, slug));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
