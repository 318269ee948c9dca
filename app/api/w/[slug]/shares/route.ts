import { createShareRoute, listSharesRoute } from "@/lib/handlers/shares";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ slug: string }>((app, request, { slug }) => listSharesRoute(app, request, slug));
export const POST = route<{ slug: string }>((app, request, { slug }) => createShareRoute(app, request, slug));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
