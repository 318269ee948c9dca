import { changeRoleRoute, removeMemberRoute } from "@/lib/handlers/members";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = route<{ slug: string; userId: string }>((app, request, { slug, userId }) =>
  changeRoleRoute(app, request, slug, userId),
);
export const DELETE = route<{ slug: string; userId: string }>((app, request, { slug, userId }) =>
  removeMemberRoute(app, request, slug, userId),
);
