import { deleteAnnotationRoute, updateAnnotationRoute } from "@/lib/handlers/annotations";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  updateAnnotationRoute(app, request, { kind: "workspace", slug }, id),
);
export const DELETE = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  deleteAnnotationRoute(app, request, { kind: "workspace", slug }, id),
);
