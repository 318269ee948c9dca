import { webhooksRoute } from "@/lib/handlers/data";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = route((app, request) => webhooksRoute(app, request));
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
