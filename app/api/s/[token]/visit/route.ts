import { shareVisitRoute } from "@/lib/handlers/shares";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = route<{ token: string }>((app, request, { token }) => shareVisitRoute(app, request, token));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
