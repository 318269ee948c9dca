import { createReportRoute, listReportsRoute } from "@/lib/handlers/reports";
import { noRoute } from "@/lib/server/methods";
import { dashboardReports } from "@/lib/server/reportsRoot";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ slug: string }>(async (app, request, { slug }) =>
  listReportsRoute(app, await dashboardReports(), request, slug),
);
export const POST = route<{ slug: string }>(async (app, request, { slug }) =>
  createReportRoute(app, await dashboardReports(), request, slug),
);
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
