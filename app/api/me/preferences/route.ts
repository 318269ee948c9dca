import { preferencesRoute, setPreferencesRoute } from "@/lib/handlers/preferences";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route((app, request) => preferencesRoute(app, request));
export const PATCH = route((app, request) => setPreferencesRoute(app, request));
export const POST = noRoute;
export const PUT = noRoute;
export const DELETE = noRoute;
