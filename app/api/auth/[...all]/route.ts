import { authRoute } from "@/lib/handlers/authRoute";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route((app, request) => authRoute(app, request));
export const POST = route((app, request) => authRoute(app, request));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
