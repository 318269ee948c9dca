import { revokeShareRoute, updateShareRoute } from "@/lib/handlers/shares";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  updateShareRoute(app, request, slug, id),
);
export const DELETE = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  revokeShareRoute(app, request, slug, id),
);
