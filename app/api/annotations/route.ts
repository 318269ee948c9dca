import { createAnnotationRoute, listAnnotationsRoute } from "@/lib/handlers/annotations";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route((app, request) => listAnnotationsRoute(app, request, { kind: "default" }));
export const POST = route((app, request) => createAnnotationRoute(app, request, { kind: "default" }));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
