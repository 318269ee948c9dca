import { analyticsRoute } from "@/lib/handlers/data";
import { onlyGet } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ token: string }>((app, request, { token }) =>
  analyticsRoute(app, request, { kind: "share", token }),
);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
