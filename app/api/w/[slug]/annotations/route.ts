import { createAnnotationRoute, listAnnotationsRoute } from "@/lib/handlers/annotations";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ slug: string }>((app, request, { slug }) =>
  listAnnotationsRoute(app, request, { kind: "workspace", slug }),
);
export const POST = route<{ slug: string }>((app, request, { slug }) =>
  createAnnotationRoute(app, request, { kind: "workspace", slug }),
);
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
