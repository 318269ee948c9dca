import { unsubscribeRoute } from "@/lib/handlers/reports";
import { noRoute } from "@/lib/server/methods";
import { dashboardReports } from "@/lib/server/reportsRoot";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = route<{ token: string }>(async (_app, request, { token }) =>
  unsubscribeRoute(await dashboardReports(), request, token),
);
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
