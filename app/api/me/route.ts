import { meRoute } from "@/lib/handlers/authRoute";
import { onlyGet } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route((app, request) => meRoute(app, request));
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
