import { noRoute } from "@/lib/server/methods";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Any other path under /api: the spec's 404 in its error shape, not Next's HTML page. */
export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
