import { deleteAnnotationRoute, updateAnnotationRoute } from "@/lib/handlers/annotations";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = route<{ id: string }>((app, request, { id }) =>
  updateAnnotationRoute(app, request, { kind: "default" }, id),
);
export const DELETE = route<{ id: string }>((app, request, { id }) =>
  deleteAnnotationRoute(app, request, { kind: "default" }, id),
);
