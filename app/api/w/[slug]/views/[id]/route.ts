import { deleteViewRoute, updateViewRoute } from "@/lib/handlers/views";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  updateViewRoute(app, request, slug, id),
);
export const DELETE = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  deleteViewRoute(app, request, slug, id),
);
