import { shareVisitorsRoute } from "@/lib/handlers/shares";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  shareVisitorsRoute(app, request, slug, id),
);
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
