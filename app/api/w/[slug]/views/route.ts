import { createViewRoute, listViewsRoute } from "@/lib/handlers/views";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ slug: string }>((app, request, { slug }) => listViewsRoute(app, request, slug));
export const POST = route<{ slug: string }>((app, request, { slug }) => createViewRoute(app, request, slug));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
