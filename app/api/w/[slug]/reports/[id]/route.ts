import { deleteReportRoute, updateReportRoute } from "@/lib/handlers/reports";
import { noRoute } from "@/lib/server/methods";
import { dashboardReports } from "@/lib/server/reportsRoot";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = route<{ slug: string; id: string }>(async (app, request, { slug, id }) =>
  updateReportRoute(app, await dashboardReports(), request, slug, id),
);
export const DELETE = route<{ slug: string; id: string }>(async (app, request, { slug, id }) =>
  deleteReportRoute(app, await dashboardReports(), request, slug, id),
);
