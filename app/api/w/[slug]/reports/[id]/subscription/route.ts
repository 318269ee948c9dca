import { subscriptionRoute } from "@/lib/handlers/reports";
import { noRoute } from "@/lib/server/methods";
import { dashboardReports } from "@/lib/server/reportsRoot";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = route<{ slug: string; id: string }>(async (app, request, { slug, id }) =>
  subscriptionRoute(app, await dashboardReports(), request, slug, id),
);
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
